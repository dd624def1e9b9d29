import type { WordLabel } from '../../shared/contract/envelope.js';
import type { LabelBars } from './models/calibration.js';

const LABELS: readonly WordLabel[] = ['Bad', 'Average', 'Good'];

/** The band (0 Bad, 1 Average, 2 Good) of a word-model score under the calibrated bars. */
export function labelBand(score: number, bars: LabelBars): 0 | 1 | 2 {
  if (score >= bars.goodFrom) return 2;
  return score >= bars.averageFrom ? 1 : 0;
}

/** A heard word's label from its word-model score (0–10) and the calibrated bars. */
export function wordLabel(score: number, bars: LabelBars): WordLabel {
  return LABELS[labelBand(score, bars)]!;
}

/** Where the experts' bands start, as shares of the top mark: 5 of 10 is Average, 8 Good. */
export const AVERAGE_SHARE = 0.45;
export const GOOD_SHARE = 0.75;

/**
 * A word's score as a share of the top mark, placed on the experts' scale so that it agrees
 * with its label: the model's scores crowd near the corpus mean, so the calibrated bars map to
 * the bands' edges and the stretches between them are linear. Monotone: the order of words,
 * and so every correlation, is unchanged.
 */
export function wordShare(score: number, bars: LabelBars, max = 10): number {
  const points: Array<[number, number]> = [
    [0, 0],
    [bars.averageFrom, AVERAGE_SHARE],
    [bars.goodFrom, GOOD_SHARE],
    [max, 1],
  ];
  const clamped = Math.min(max, Math.max(0, score));
  for (let index = 1; index < points.length; index += 1) {
    const [x0, y0] = points[index - 1]!;
    const [x1, y1] = points[index]!;
    if (clamped <= x1) return x1 > x0 ? y0 + ((clamped - x0) / (x1 - x0)) * (y1 - y0) : y1;
  }
  return 1;
}
