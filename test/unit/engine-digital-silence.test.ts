import { describe, expect, it } from 'vitest';
import { withRoomNoise } from '../../src/engine/recognizer/soundswallower/digital-silence.js';

/** 0.1 s of a tone, `zeros` exact zeros, then the tone again. */
function toneAroundZeros(zeros: number): Float32Array {
  const tone = Array.from({ length: 1600 }, (_, i) => 0.3 * Math.sin(1 + i / 5));
  return Float32Array.from([...tone, ...new Array<number>(zeros).fill(0), ...tone]);
}

describe('digital silence before the decoder', () => {
  it('fills a run of exact zeros a frame or longer with a quiet room’s noise', () => {
    const samples = toneAroundZeros(800);
    const filled = withRoomNoise(samples);
    const run = filled.subarray(1600, 2400);
    expect(run.every((value) => value !== 0 && Math.abs(value) <= 0.001)).toBe(true);
    const rms = Math.sqrt(run.reduce((sum, value) => sum + value * value, 0) / run.length);
    expect(20 * Math.log10(rms)).toBeCloseTo(-64.8, 0);
    expect(filled.subarray(0, 1600)).toEqual(samples.subarray(0, 1600));
    expect(filled.subarray(2400)).toEqual(samples.subarray(2400));
    expect(samples.subarray(1600, 2400).every((value) => value === 0)).toBe(true);
  });

  it('leaves audio with a noise floor, and zero crossings shorter than a frame, as they are', () => {
    const samples = toneAroundZeros(159);
    expect(withRoomNoise(samples)).toBe(samples);
  });

  it('fills what a codec gives back for zeros, not a floor of one 16-bit step', () => {
    const residue = toneAroundZeros(800).map((value) => (value === 0 ? 1e-6 : value));
    expect(
      withRoomNoise(residue)
        .subarray(1600, 2400)
        .some((v) => Math.abs(v) > 1e-4),
    ).toBe(true);
    const dithered = toneAroundZeros(800).map((value, i) =>
      value === 0 ? (i % 2) / 32768 : value,
    );
    expect(withRoomNoise(dithered)).toBe(dithered);
  });

  it('fills the same audio the same way every time', () => {
    const samples = toneAroundZeros(4000);
    expect(withRoomNoise(samples)).toEqual(withRoomNoise(samples));
  });
});
