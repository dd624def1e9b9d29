import { describe, expect, it } from 'vitest';
import type { SpeechAnalysis } from '../../src/engine/evidence/speech-analysis.js';
import { nothingHeard } from '../../src/engine/evidence/speech-analysis.js';
import {
  fluencyCeiling,
  readingRates,
  SPEECH_RATE_BARS,
  soundingRate,
  speechRateBars,
  withSpeechRate,
} from '../../src/engine/scoring/speech-rate.js';

const { articulation, sounding } = SPEECH_RATE_BARS;
const brisk = { articulation: 12, sounding: 12 };

describe('the speech-rate ceiling on fluency', () => {
  it('leaves readings at or above both normal bars alone', () => {
    expect(fluencyCeiling({ articulation: articulation.normal, sounding: sounding.normal })).toBe(
      1,
    );
    expect(withSpeechRate(0.9, brisk)).toBe(0.9);
  });

  it('caps a reading at either slow bar at 2 of 5, and lower in proportion below it', () => {
    expect(fluencyCeiling({ articulation: articulation.slow })).toBeCloseTo(0.4, 6);
    expect(fluencyCeiling({ ...brisk, sounding: sounding.slow })).toBeCloseTo(0.4, 6);
    expect(fluencyCeiling({ ...brisk, articulation: articulation.slow / 2 })).toBeCloseTo(0.2, 6);
    expect(withSpeechRate(0.8, { ...brisk, sounding: sounding.slow / 2 })).toBeCloseTo(0.2, 6);
    expect(withSpeechRate(0.1, { ...brisk, sounding: sounding.slow / 2 })).toBe(0.1);
    expect(fluencyCeiling({ articulation: 0 })).toBe(0);
  });

  it('takes the lower of the two ceilings, and the articulation rate alone without a sounding one', () => {
    const halfway = (articulation.slow + articulation.normal) / 2;
    const alone = fluencyCeiling({ articulation: halfway });
    expect(alone).toBeCloseTo(0.7, 6);
    expect(fluencyCeiling({ articulation: halfway, sounding: sounding.slow })).toBeCloseTo(0.4, 6);
    expect(fluencyCeiling({ articulation: halfway, sounding: 20 })).toBe(alone);
  });

  it('rises without a step between the two bars', () => {
    const { slow, normal } = sounding;
    const steps = Array.from({ length: 11 }, (_, i) =>
      fluencyCeiling({ articulation: 12, sounding: slow + ((normal - slow) * i) / 10 }),
    );
    for (let i = 1; i < steps.length; i += 1) {
      expect(steps[i]! - steps[i - 1]!).toBeGreaterThan(0);
      expect(steps[i]! - steps[i - 1]!).toBeLessThan(0.07);
    }
  });

  it('takes its bars from quantiles of real readings, readings without a sounding rate apart', () => {
    const rates = Array.from({ length: 200 }, (_, i) => ({
      articulation: 3 + i * 0.05,
      sounding: i % 2 === 0 ? 2 + i * 0.1 : undefined,
    }));
    const bars = speechRateBars(rates);
    expect(bars.articulation).toEqual({ slow: 3, normal: rates[2]!.articulation });
    // 100 sounding rates, 2, 2.2, …: the 2nd and 5th percentiles.
    expect(bars.sounding.slow).toBeCloseTo(2.4, 6);
    expect(bars.sounding.normal).toBeCloseTo(3, 6);
  });
});

describe('the sounding rate', () => {
  it("is the aligned words' phones per second of sounding audio", () => {
    const phone = { phone: 'AH', startFrame: 0, endFrame: 9 };
    const word = {
      slot: 0,
      decoded: true,
      entry: 'a',
      startFrame: 0,
      endFrame: 9,
      levelDb: 0,
      saidLogOdds: 0,
    };
    const analysis: SpeechAnalysis = {
      ...nothingHeard(500),
      aligned: [{ ...word, phones: Array(6).fill(phone) }],
      soundingFrames: 200,
    };
    expect(soundingRate(analysis)).toBeCloseTo(3, 6);
    expect(soundingRate(nothingHeard(500))).toBeUndefined();
    expect(readingRates(analysis, { articulationRate: 8 }, ['clipped'])).toEqual({
      articulation: 8,
      sounding: 3,
    });
  });

  it('does not count over a noisy background, where the pauses sound too', () => {
    const analysis: SpeechAnalysis = { ...nothingHeard(500), soundingFrames: 200 };
    expect(readingRates(analysis, { articulationRate: 8 }, ['noisy'])).toEqual({
      articulation: 8,
      sounding: undefined,
    });
  });
});
