import { describe, expect, it } from 'vitest';
import {
  WIDEST_RANGE_DB,
  withRoomFloor,
  withZerosFilled,
} from '../../src/engine/recognizer/soundswallower/room-floor.js';

/** 0.1 s of a tone, `zeros` exact zeros, then the tone again. */
function toneAroundZeros(zeros: number): Float32Array {
  const tone = Array.from({ length: 1600 }, (_, i) => 0.3 * Math.sin(1 + i / 5));
  return Float32Array.from([...tone, ...new Array<number>(zeros).fill(0), ...tone]);
}

describe('digital silence before the decoder', () => {
  it('fills a run of exact zeros a frame or longer with a quiet room’s noise', () => {
    const samples = toneAroundZeros(800);
    const filled = withZerosFilled(samples);
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
    expect(withZerosFilled(samples)).toBe(samples);
  });

  it('fills what a codec gives back for zeros, not a floor of one 16-bit step', () => {
    const residue = toneAroundZeros(800).map((value) => (value === 0 ? 1e-6 : value));
    expect(
      withZerosFilled(residue)
        .subarray(1600, 2400)
        .some((v) => Math.abs(v) > 1e-4),
    ).toBe(true);
    const dithered = toneAroundZeros(800).map((value, i) =>
      value === 0 ? (i % 2) / 32768 : value,
    );
    expect(withZerosFilled(dithered)).toBe(dithered);
  });

  it('fills the same audio the same way every time', () => {
    const samples = toneAroundZeros(4000);
    expect(withZerosFilled(samples)).toEqual(withZerosFilled(samples));
  });
});

/** Half a second of a tone at −20 dBFS RMS between two half seconds of a floor of `floorDbfs`. */
function toneOverFloor(floorDbfs: number): Float32Array {
  const floor = Math.sqrt(3) * 10 ** (floorDbfs / 20);
  const tone = Math.SQRT2 * 0.1;
  return Float32Array.from({ length: 24000 }, (_, i) => {
    const noise = floor * Math.sin(i * 12.9898 + Math.sin(i) * 43758.5453);
    return (i >= 8000 && i < 16000 ? tone * Math.sin(i / 5) : 0) + noise;
  });
}

function levelDb(samples: Float32Array): number {
  const power = samples.reduce((sum, value) => sum + value * value, 0) / samples.length;
  return 10 * Math.log10(power);
}

describe('a floor far under the speech before the decoder', () => {
  it('passes audio whose floor is within the range the model heard unchanged', () => {
    const samples = toneOverFloor(-60);
    expect(withRoomFloor(samples)).toBe(samples);
  });

  it('raises a floor more than the widest range under the speech to that range, seeded', () => {
    const samples = toneOverFloor(-90);
    const raised = withRoomFloor(samples);
    expect(levelDb(raised.subarray(0, 8000))).toBeCloseTo(-20 - WIDEST_RANGE_DB, 0);
    expect(levelDb(raised.subarray(8000, 16000))).toBeCloseTo(
      levelDb(samples.subarray(8000, 16000)),
      2,
    );
    expect(withRoomFloor(samples)).toEqual(raised);
  });

  it('raises the floor of digital silence beside loud speech as well as filling it', () => {
    const samples = toneAroundZeros(4000);
    const filled = withRoomFloor(samples).subarray(1600, 5600);
    expect(levelDb(filled)).toBeGreaterThan(
      levelDb(samples.subarray(0, 1600)) - WIDEST_RANGE_DB - 1,
    );
  });
});
