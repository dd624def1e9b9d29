/**
 * The one place scores meet `scale` and `precision`: a fraction of the top mark
 * becomes a multiple of `precision` in [0, maxScore].
 */
export interface ScoreScale {
  scale: number;
  precision: number;
}

/** Scores are reported to at most this many decimals; a finer step changes nothing. */
const MAX_DECIMALS = 10;
const FINEST_STEP = 10 ** -MAX_DECIMALS;

/** Rounds to a multiple of `step`, then strips binary noise (0.30000000000000004). */
export function roundToStep(value: number, step: number): number {
  // value / 5e-324 overflows to Infinity: a step below the reported resolution is that resolution.
  if (step < FINEST_STEP) return Number(value.toFixed(MAX_DECIMALS));
  const steps = Math.round(value / step);
  const decimals = Math.min(MAX_DECIMALS, Math.max(0, Math.ceil(-Math.log10(step)) + 2));
  return Number((steps * step).toFixed(decimals));
}

export function quantize(value: number, maxScore: number, precision: number): number {
  const clamped = Math.min(Math.max(Number.isFinite(value) ? value : 0, 0), maxScore);
  const rounded = roundToStep(clamped, precision);
  // Rounding up may overshoot a maxScore that is not a multiple of precision.
  if (rounded <= maxScore) return rounded;
  return precision < FINEST_STEP ? maxScore : roundToStep(rounded - precision, precision);
}

/** A component's score: a fraction in [0, 1] of its top mark, quantised. */
export function componentScore(fraction: number, maxScore: number, precision: number): number {
  return quantize(fraction * maxScore, maxScore, precision);
}

/** A fraction in [0, 1] on the requested scale. */
export function scoreFraction(fraction: number, { scale, precision }: ScoreScale): number {
  return quantize(fraction * scale, scale, precision);
}

/** One component's score and its top mark. */
export interface ScoreOf {
  score: number;
  max: number;
}

/**
 * `overall` where the task defines no share of its own (rl, di): the mean of the components'
 * shares of their top marks, on the requested scale (docs/api.md).
 */
export function meanOverall(components: readonly ScoreOf[], scale: ScoreScale): number {
  const shares = components.map(({ score, max }) => (max > 0 ? score / max : 0));
  const mean = shares.reduce((sum, share) => sum + share, 0) / shares.length;
  return scoreFraction(mean, scale);
}

/** A component whose top mark is `nativeMax` on the default scale of 5 (rs content: 3). */
export function componentMax(nativeMax: number, scale: number): number {
  return roundToStep((nativeMax * scale) / 5, 1e-6);
}
