import type { WordLabel } from '../../shared/contract/envelope.js';
import { labelBand, type LabelBars } from './calibration.js';

const LABELS: readonly WordLabel[] = ['Bad', 'Average', 'Good'];

/** A heard word's label from its word-model score (0–10) and the calibrated bars. */
export function wordLabel(score: number, bars: LabelBars): WordLabel {
  return LABELS[labelBand(score, bars)]!;
}
