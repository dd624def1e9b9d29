/**
 * The one place scores meet `scale` and `precision`: a fraction of the top mark
 * becomes a multiple of `precision` in [0, maxScore].
 */
export interface ScoreScale {
  scale: number;
  precision: number;
}

/** Rounds to a multiple of `step`, then strips binary noise (0.30000000000000004). */
export function roundToStep(value: number, step: number): number {
  const steps = Math.round(value / step);
  const decimals = Math.min(10, Math.max(0, Math.ceil(-Math.log10(step)) + 2));
  return Number((steps * step).toFixed(decimals));
}

export function quantize(value: number, maxScore: number, precision: number): number {
  const clamped = Math.min(Math.max(Number.isFinite(value) ? value : 0, 0), maxScore);
  const rounded = roundToStep(clamped, precision);
  // Rounding up may overshoot a maxScore that is not a multiple of precision.
  return rounded > maxScore ? roundToStep(rounded - precision, precision) : rounded;
}

/** A fraction in [0, 1] on the requested scale. */
export function scoreFraction(fraction: number, { scale, precision }: ScoreScale): number {
  return quantize(fraction * scale, scale, precision);
}

/** A component whose top mark is `nativeMax` on the default scale of 5 (rs content: 3). */
export function componentMax(nativeMax: number, scale: number): number {
  return roundToStep((nativeMax * scale) / 5, 1e-6);
}
