import { describe, expect, it } from 'vitest';
import { declip } from '../../src/engine/audio/declip.js';
import { decodeAudio } from '../../src/engine/audio/decode.js';
import { analyseQuality } from '../../src/engine/audio/quality.js';
import { encodeWav } from '../helpers/speech-fixtures.js';

const RATE = 16000;

/** A vowel-like wave: 150 Hz with its second and third harmonics, `gain` times over. */
function vowel(gain: number, seconds = 0.5): Float32Array {
  const samples = new Float32Array(seconds * RATE);
  for (let i = 0; i < samples.length; i++) {
    const phase = (2 * Math.PI * 150 * i) / RATE;
    samples[i] =
      gain * (0.6 * Math.sin(phase) + 0.3 * Math.sin(2 * phase + 1) + 0.1 * Math.sin(3 * phase));
  }
  return samples;
}

const clipped = (samples: Float32Array): Float32Array =>
  samples.map((sample) => Math.max(-1, Math.min(1, sample)));

/** Pearson correlation: how alike two waveforms' shapes are, whatever their scale. */
function correlation(a: Float32Array, b: Float32Array): number {
  const mean = (x: Float32Array): number => x.reduce((sum, v) => sum + v, 0) / x.length;
  const [ma, mb] = [mean(a), mean(b)];
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

describe('declip', () => {
  it('redraws peaks clipped 12 dB over full scale close to the wave the microphone heard', () => {
    const heard = vowel(4);
    const stored = clipped(heard);
    const { samples, clippedRatio } = declip(stored);
    expect(clippedRatio).toBeGreaterThan(0.5);
    expect(Math.max(...samples.map(Math.abs))).toBeLessThanOrEqual(1);
    // The clipped wave's shape is far from the heard one's; the redrawn one's is close.
    expect(correlation(stored, heard)).toBeLessThan(0.95);
    expect(correlation(samples, heard)).toBeGreaterThan(0.99);
  });

  it('leaves a recording that never reached full scale as it is, however loud its peaks', () => {
    const loud = vowel(0.99);
    const result = declip(loud);
    expect(result.samples).toBe(loud);
    expect(result.clippedRatio).toBe(0);
  });

  it('leaves the odd sample at full scale as it is: one clipped peak is not a clipped recording', () => {
    const stored = clipped(vowel(0.9));
    stored.set([1, 1, 1], 4000);
    const result = declip(stored);
    expect(result.samples).toBe(stored);
    expect(result.clippedRatio).toBeLessThan(0.001);
  });
});

describe('decodeAudio on a clipped recording', () => {
  it('redraws the flat tops of a 16-bit WAV and still flags the clipping', async () => {
    const heard = vowel(4, 1);
    const audio = await decodeAudio(encodeWav(clipped(heard)));
    expect(audio.clippedRatio).toBeGreaterThan(0.3);
    expect(correlation(audio.samples, heard)).toBeGreaterThan(0.99);
    const quality = await analyseQuality(audio);
    expect(quality.clipped).toBe(true);
    expect(quality.clippedRatio).toBe(audio.clippedRatio);
  });
});
