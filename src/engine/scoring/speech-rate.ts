/**
 * Speech rate is part of fluency. The fluency model (trees and ridge on utterance features)
 * has seen only real readings, so it never extrapolates below the slowest of them: a reading
 * slowed to a third kept fluency 1.9–3.2 of 5 (issue 19). This rule caps fluency by the
 * answer's articulation rate (phones per second of phone time, pauses apart: pauses are the
 * model's) where the reading is slower than almost every real learner's reading.
 *
 * The bars come from the articulation rate of speechocean762's readings by the corpus-train
 * speakers (744 readings; bench/speech-rate.ts recomputes them, and the cross-validation in
 * bench/so762-cv.ts refits them on each fold's training speakers):
 *   - `slow`, the slowest of them: a reading this slow is capped at 2 of 5, and the cap falls
 *     in proportion below it;
 *   - `normal`, the 1st percentile: from here up the rule does nothing; between the two the
 *     cap rises linearly, so no small change of rate flips a mark.
 * Higher bars catch more slowed readings but cap real slow learners, whom the experts mark
 * 4–8 of 10: bars at the 1st and 5th percentiles lowered the cross-validated fluency r from
 * 0.759 to 0.735; these lower it by 0.001 (BENCHMARKS.md, issue 19: non-speech, noise, rate).
 */
export interface SpeechRateBars {
  /** Phones per second of phone time. */
  slow: number;
  normal: number;
}

/** Fitted on the corpus-train speakers' readings (8 kHz model): the slowest, the 1st percentile. */
export const SPEECH_RATE_BARS: SpeechRateBars = { slow: 3.45, normal: 4.08 };

/** The share of the top fluency mark a reading this slow can reach at most. */
const SLOW_CAP = 0.4;
const SLOW_QUANTILE = 0;
const NORMAL_QUANTILE = 0.01;

/** The highest fluency share (0–1) an answer articulated at `rate` phones per second may get. */
export function fluencyCeiling(rate: number, bars: SpeechRateBars = SPEECH_RATE_BARS): number {
  if (rate >= bars.normal) return 1;
  if (rate <= bars.slow) return (SLOW_CAP * Math.max(0, rate)) / bars.slow;
  return SLOW_CAP + ((1 - SLOW_CAP) * (rate - bars.slow)) / (bars.normal - bars.slow);
}

/** The fluency share, held under the ceiling of the answer's articulation rate. */
export function withSpeechRate(
  fluency: number,
  rate: number,
  bars: SpeechRateBars = SPEECH_RATE_BARS,
): number {
  return Math.min(fluency, fluencyCeiling(rate, bars));
}

/** The bars from real readings' articulation rates (training speakers only). */
export function speechRateBars(rates: readonly number[]): SpeechRateBars {
  const sorted = [...rates].sort((a, b) => a - b);
  const at = (fraction: number): number =>
    sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
  return { slow: at(SLOW_QUANTILE), normal: at(NORMAL_QUANTILE) };
}
