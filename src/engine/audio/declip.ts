/**
 * A microphone turned up too far clips: every sample past full scale is stored as full scale,
 * so a vowel's peaks come out flat. The flat tops and their corners spread the voice's energy
 * over the spectrum the recogniser reads, and learners' readings clipped 24 dB over full scale
 * lost words and marks they had as recorded (BENCHMARKS.md, "a microphone turned up too far").
 * Redrawing each flat top as a smooth peak through its edges is the idea of constrained
 * least-squares declipping for speech recognition (Harvilla & Stern, ICASSP 2014), done here
 * with one cubic per run.
 */

import {
  CLIP_LEVEL,
  CLIPPED_RATIO_LIMIT,
  clippedRuns,
  samplesInRuns,
} from '../../shared/clipped-samples.js';

export interface Declipped {
  samples: Float32Array;
  /** The share of samples found at full scale, in runs: redrawn once over the limit. */
  clippedRatio: number;
}

/**
 * Redraws one run as the cubic that meets the samples either side of it with their slopes
 * (Hermite), never inside the clip level: the peak the microphone could not store.
 */
function redrawRun(samples: Float32Array, first: number, last: number): void {
  const before = first - 1;
  const after = last + 1;
  if (before < 1 || after + 1 >= samples.length) return;
  const span = after - before;
  const start = samples[before]!;
  const end = samples[after]!;
  const startSlope = (start - samples[before - 1]!) * span;
  const endSlope = (samples[after + 1]! - end) * span;
  const level = Math.sign(samples[first]!) * CLIP_LEVEL;
  for (let i = first; i <= last; i++) {
    const t = (i - before) / span;
    const t2 = t * t;
    const t3 = t2 * t;
    const value =
      (2 * t3 - 3 * t2 + 1) * start +
      (t3 - 2 * t2 + t) * startSlope +
      (3 * t2 - 2 * t3) * end +
      (t3 - t2) * endSlope;
    samples[i] = level > 0 ? Math.max(value, level) : Math.min(value, level);
  }
}

/**
 * The recording with its clipped peaks redrawn and brought back under full scale, or the same
 * samples where it is not clipped. Meant for samples as decoded and bounded to full scale,
 * before resampling and filtering round the flat tops off.
 */
export function declip(samples: Float32Array): Declipped {
  const runs = clippedRuns(samples);
  const clippedRatio = samplesInRuns(runs) / Math.max(1, samples.length);
  if (clippedRatio < CLIPPED_RATIO_LIMIT) return { samples, clippedRatio };
  const redrawn = samples.slice();
  for (const [first, last] of runs) redrawRun(redrawn, first, last);
  let peak = 0;
  for (const sample of redrawn) peak = Math.max(peak, Math.abs(sample));
  if (peak > 1) for (let i = 0; i < redrawn.length; i++) redrawn[i]! /= peak;
  return { samples: redrawn, clippedRatio };
}
