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

/** The verdict and the classifier's score it comes from (0 when nothing was heard). */
export interface Judgement {
  verdict: Verdict;
  score: number;
}

export function judge(analysis: SpeechAnalysis, calibration: Calibration): Judgement {
  if (analysis.heard.length === 0) return { verdict: 'not-the-text', score: 0 };
  const { model, rejectBelow, doubtBelow } = calibration.verification;
  const score = predictTrees(model, renditionFeatures(analysis));
  const verdict =
    score < rejectBelow ? 'not-the-text' : score < doubtBelow ? 'doubtful' : 'rendition';
  return { verdict, score };
}

export function verdict(analysis: SpeechAnalysis, calibration: Calibration): Verdict {
  return judge(analysis, calibration).verdict;
}
