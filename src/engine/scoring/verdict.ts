import type { SpeechAnalysis } from '../evidence/speech-analysis.js';
import { renditionFeatures } from '../evidence/rendition-evidence.js';
import { predictTrees } from './models/boosted-trees.js';
import type { Calibration } from './models/calibration.js';

/**
 * The answer's verdict: is it a rendition of the text it was analysed against (the rs
 * sentence, or a prompt sentence a free-speech phrase follows)? A classifier of the rendition
 * evidence (evidence/rendition-evidence.ts) and the two calibrated bars on its score.
 */
export type Verdict = 'rendition' | 'doubtful' | 'not-the-text';

export function verdict(analysis: SpeechAnalysis, calibration: Calibration): Verdict {
  if (analysis.heard.length === 0) return 'not-the-text';
  const { model, rejectBelow, doubtBelow } = calibration.verification;
  const score = predictTrees(model, renditionFeatures(analysis));
  if (score < rejectBelow) return 'not-the-text';
  return score < doubtBelow ? 'doubtful' : 'rendition';
}
