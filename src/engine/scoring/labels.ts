import type { WordLabel } from '../../shared/contract/envelope.js';

/** A word scoring at least this share of the top mark is Good... */
export const GOOD_FROM = 0.7;
/** ...at least this share Average, below it Bad. */
export const AVERAGE_FROM = 0.4;

export function wordLabel(fraction: number): WordLabel {
  if (fraction >= GOOD_FROM) return 'Good';
  return fraction >= AVERAGE_FROM ? 'Average' : 'Bad';
}
