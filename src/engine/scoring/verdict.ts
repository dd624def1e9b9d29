import type { SpeechAnalysis } from '../evidence/speech-analysis.js';
import { renditionFeatures } from '../evidence/rendition-evidence.js';
import { predictTrees } from './models/boosted-trees.js';
import type { Calibration, VerdictBars } from './models/calibration.js';
import type { SecondReading } from './second-reading.js';

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

/**
 * With a second model's reading, the score is the mean of both models' verifiers, each on its
 * own reading, against the bars set for that mean on held-out real readings. The two models err
 * apart: held out, the mean lets fewer readings of another sentence through at the same share
 * of real readings doubted (BENCHMARKS.md, "Issue 19: both acoustic models' verdicts").
 */
export function judge(
  analysis: SpeechAnalysis,
  calibration: Calibration,
  second?: SecondReading,
): Judgement {
  if (analysis.heard.length === 0) return { verdict: 'not-the-text', score: 0 };
  const { model, bothModels } = calibration.verification;
  const own = predictTrees(model, renditionFeatures(analysis));
  const joint = second && bothModels;
  const score = joint
    ? (own +
        predictTrees(second.calibration.verification.model, renditionFeatures(second.analysis))) /
      2
    : own;
  return { verdict: verdictOn(score, joint ? bothModels : calibration.verification), score };
}

function verdictOn(score: number, bars: VerdictBars): Verdict {
  if (score < bars.rejectBelow) return 'not-the-text';
  return score < bars.doubtBelow ? 'doubtful' : 'rendition';
}

export function verdict(
  analysis: SpeechAnalysis,
  calibration: Calibration,
  second?: SecondReading,
): Verdict {
  return judge(analysis, calibration, second).verdict;
}
