import { describe, expect, it } from 'vitest';
import {
  fluencyCeiling,
  SPEECH_RATE_BARS,
  speechRateBars,
  withSpeechRate,
} from '../../src/engine/scoring/speech-rate.js';

describe('the speech-rate ceiling on fluency', () => {
  it('leaves readings at or above the normal bar alone', () => {
    expect(fluencyCeiling(SPEECH_RATE_BARS.normal)).toBe(1);
    expect(withSpeechRate(0.9, 12)).toBe(0.9);
  });

  it('caps a reading at the slow bar at 2 of 5, and lower in proportion below it', () => {
    expect(fluencyCeiling(SPEECH_RATE_BARS.slow)).toBeCloseTo(0.4, 6);
    expect(fluencyCeiling(SPEECH_RATE_BARS.slow / 2)).toBeCloseTo(0.2, 6);
    expect(withSpeechRate(0.8, SPEECH_RATE_BARS.slow / 2)).toBeCloseTo(0.2, 6);
    expect(withSpeechRate(0.1, SPEECH_RATE_BARS.slow / 2)).toBe(0.1);
    expect(fluencyCeiling(0)).toBe(0);
  });

  it('rises without a step between the two bars', () => {
    const { slow, normal } = SPEECH_RATE_BARS;
    const steps = Array.from({ length: 11 }, (_, i) =>
      fluencyCeiling(slow + ((normal - slow) * i) / 10),
    );
    for (let i = 1; i < steps.length; i += 1) {
      expect(steps[i]! - steps[i - 1]!).toBeGreaterThan(0);
      expect(steps[i]! - steps[i - 1]!).toBeLessThan(0.07);
    }
  });

  it('takes its bars from the slowest reading and the 1st percentile', () => {
    const rates = Array.from({ length: 200 }, (_, i) => 3 + i * 0.05);
    expect(speechRateBars(rates)).toEqual({ slow: 3, normal: rates[2] });
  });
});
