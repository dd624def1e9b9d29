/**
 * Speech rate is part of fluency. The fluency model (trees and ridge on utterance features)
 * has seen only real readings, so it never extrapolates below the slowest of them: a reading
 * slowed to a third kept fluency 1.9–3.2 of 5 (issue 19). This rule caps fluency where the
 * answer is slower than almost every real learner's reading, by two measures of its rate:
 *   - the articulation rate: phones per second of phone time, pauses apart (pauses are the
 *     model's);
 *   - the sounding rate: the sentence's phones per second of audio loud enough to be the voice
 *     (evidence/levels.ts). The aligner fits stretched speech with short phones and silence
 *     between them, so the articulation rate of a slowed reading is often a learner's; its
 *     sounding time is not. It is also what the experts hear: the 2% of speechocean762's
 *     train readings slowest by it got fluency 1–7 of 10 (mean 4.7; all readings 7.8), the 2%
 *     slowest by the articulation rate 4–8 (mean 5.9).
 * Each measure has two bars, set on quantiles of speechocean762's readings by the corpus-train
 * speakers (bench/speech-rate.ts recomputes them, and chose the sounding rate's quantiles as those
 * that cap the most train readings slowed to a third at 2 of 5 while the cross-validated fluency
 * r on those speakers stays at least the articulation rate's alone; bench/so762-cv.ts refits the
 * bars on each fold's training speakers):
 *   - `slow`: a reading this slow is capped at 2 of 5, and the cap falls in proportion below it;
 *   - `normal`: from here up the measure caps nothing; between the two the cap rises linearly,
 *     so no small change of rate flips a mark.
 */
import type { AudioCaution } from '../audio/cautions.js';
import type { UtteranceFeatures } from '../evidence/features.js';
import type { SpeechAnalysis } from '../evidence/speech-analysis.js';
import { FRAME_MS } from '../recognizer/acoustic-model.js';

export interface RateBars {
  slow: number;
  normal: number;
}

export interface SpeechRateBars {
  articulation: RateBars;
  sounding: RateBars;
}

/** An answer's rates, phones per second; `sounding` only where the answer is one reading. */
export interface SpeechRates {
  articulation: number;
  sounding?: number;
}

/** Fitted on the corpus-train speakers' readings (8 kHz model). */
export const SPEECH_RATE_BARS: SpeechRateBars = {
  articulation: { slow: 3.69, normal: 4.08 },
  sounding: { slow: 4.72, normal: 5.24 },
};

/** The share of the top fluency mark a reading at the slow bar can reach at most. */
const SLOW_CAP = 0.4;
/** Quantiles of the real readings' rates that the bars sit on. */
const QUANTILES: Record<keyof SpeechRateBars, RateBars> = {
  articulation: { slow: 0, normal: 0.01 },
  sounding: { slow: 0.02, normal: 0.05 },
};

/** The sentence's aligned phones per second of sounding audio (undefined: nothing sounded). */
export function soundingRate(analysis: SpeechAnalysis): number | undefined {
  const phones = analysis.aligned.reduce((sum, word) => sum + word.phones.length, 0);
  return analysis.soundingFrames > 0
    ? (phones * 1000) / (analysis.soundingFrames * FRAME_MS)
    : undefined;
}

/**
 * A reading's rates: the sentence said once, so its phones measure the sounding time too. The
 * sounding time is read from level alone, so over a noisy background (the caution of
 * audio/quality.ts) it does not count: babble 10 dB under a reading sounds in its pauses, and
 * lowered the ceiling of 17 of 91 readings, to as little as 1.2 of 5 (2 of 91 with the caution).
 */
export function readingRates(
  analysis: SpeechAnalysis,
  features: Pick<UtteranceFeatures, 'articulationRate'>,
  cautions: readonly AudioCaution[],
): SpeechRates {
  return {
    articulation: features.articulationRate,
    sounding: cautions.includes('noisy') ? undefined : soundingRate(analysis),
  };
}

function ceilingOf(rate: number, bars: RateBars): number {
  if (rate >= bars.normal) return 1;
  if (rate <= bars.slow) return (SLOW_CAP * Math.max(0, rate)) / bars.slow;
  return SLOW_CAP + ((1 - SLOW_CAP) * (rate - bars.slow)) / (bars.normal - bars.slow);
}

/** The highest fluency share (0–1) an answer at these rates may get. */
export function fluencyCeiling(
  rates: SpeechRates,
  bars: SpeechRateBars = SPEECH_RATE_BARS,
): number {
  const articulation = ceilingOf(rates.articulation, bars.articulation);
  return rates.sounding === undefined
    ? articulation
    : Math.min(articulation, ceilingOf(rates.sounding, bars.sounding));
}

/** The fluency share, held under the ceiling of the answer's rates. */
export function withSpeechRate(
  fluency: number,
  rates: SpeechRates,
  bars: SpeechRateBars = SPEECH_RATE_BARS,
): number {
  return Math.min(fluency, fluencyCeiling(rates, bars));
}

/** A measure's bars from real readings' rates of it (training speakers only). */
function rateBars(rates: readonly number[], quantiles: RateBars): RateBars {
  const sorted = [...rates].sort((a, b) => a - b);
  const at = (fraction: number): number =>
    sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
  return { slow: at(quantiles.slow), normal: at(quantiles.normal) };
}

/** Both measures' bars from real readings' rates (training speakers only). */
export function speechRateBars(
  rates: readonly SpeechRates[],
  quantiles: Record<keyof SpeechRateBars, RateBars> = QUANTILES,
): SpeechRateBars {
  return {
    articulation: rateBars(
      rates.map((rate) => rate.articulation),
      quantiles.articulation,
    ),
    sounding: rateBars(
      rates.flatMap((rate) => (rate.sounding === undefined ? [] : [rate.sounding])),
      quantiles.sounding,
    ),
  };
}
