import { describe, expect, it } from 'vitest';
import { resample } from '../../src/engine/audio/resample.js';
import { rootMeanSquare, zeroCrossingFrequency } from '../helpers/speech-fixtures.js';

function sine(
  frequency: number,
  sampleRate: number,
  seconds: number,
  amplitude = 0.5,
): Float32Array {
  const samples = new Float32Array(Math.round(sampleRate * seconds));
  for (let i = 0; i < samples.length; i++)
    samples[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate);
  return samples;
}

/** Skips the filter's start-up at both ends, where the zero padding shows. */
function middle(samples: Float32Array): Float32Array {
  const edge = Math.floor(samples.length / 10);
  return samples.subarray(edge, samples.length - edge);
}

describe('resample', () => {
  it('passes the signal through untouched at the same rate', () => {
    const input = sine(440, 16000, 0.1);
    expect(resample(input, 16000, 16000)).toBe(input);
  });

  it.each([
    [8000, 1000],
    [11025, 3000],
    [22050, 440],
    [44100, 5000],
    [48000, 6500],
    // Not a multiple of anything useful: every output sample has its own phase.
    [44101, 3000],
    [96000, 250],
  ])('brings %i Hz to 16 kHz keeping a %i Hz tone and its level', (rate, frequency) => {
    const output = resample(sine(frequency, rate, 1), rate, 16000);
    expect(output.length).toBe(16000);
    expect(zeroCrossingFrequency(middle(output), 16000)).toBeCloseTo(frequency, -1);
    expect(rootMeanSquare(middle(output))).toBeCloseTo(0.354, 2);
  });

  it('removes content above the new Nyquist frequency instead of folding it back', () => {
    // Undecimated, a 12 kHz tone would alias to 4 kHz at 16 kHz.
    const output = resample(sine(12000, 48000, 1), 48000, 16000);
    expect(rootMeanSquare(middle(output))).toBeLessThan(0.354 * 10 ** (-60 / 20));
  });
});
