/**
 * The chance that a run of words (a key point, or one word of the transcript) was truly said,
 * from the evidence the recogniser has for it: a logistic model on its GOP per frame against
 * the free phone loop (the log-likelihood ratio of the forced alignment over the loop), its
 * length in phones (a long phrase that fits reaches the same GOP by chance far less often than
 * a short word), whether its phrase was verified as a prompt sentence, and how often the free
 * loop itself heard the expected phones there. Fitted by
 * `npx tsx scripts/training/fit-key-points.ts` on speechocean762 retellings of corpus-train
 * speakers (BENCHMARKS.md, key points).
 */
export interface KeyPointModel {
  intercept: number;
  gop: number;
  logPhones: number;
  followsPrompt: number;
  agreement: number;
}

export interface KeyPointEvidence {
  gop: number;
  phones: number;
  followsPrompt: boolean;
  /** Share of its frames where the free phone loop heard the same phones (0–1). */
  agreement: number;
}

/** The chance a key point was said, where it was heard best. */
export const KEY_POINT_MODEL: KeyPointModel = {
  intercept: -1.9259,
  gop: 0.05607,
  logPhones: 1.1164,
  followsPrompt: 3.5142,
  agreement: 0,
};
/** A key point with at least this confidence counts as heard (the bar of best F1). */
export const HEARD_BAR = 0.45;

/** The chance a word of the transcript was said (the same evidence, fitted on words). */
export const SHOWN_WORD_MODEL: KeyPointModel = {
  intercept: 0.1245,
  gop: 0.05185,
  logPhones: 0.3058,
  followsPrompt: 2.5181,
  agreement: 0,
};
/** A word with less confidence is shown as `Unclear` (the lowest bar of 85% precision). */
export const SHOWN_WORD_BAR = 0.5;

export function saidConfidence(evidence: KeyPointEvidence, model: KeyPointModel): number {
  const z =
    model.intercept +
    model.gop * evidence.gop +
    model.logPhones * Math.log(Math.max(1, evidence.phones)) +
    model.followsPrompt * (evidence.followsPrompt ? 1 : 0) +
    model.agreement * evidence.agreement;
  return 1 / (1 + Math.exp(-z));
}
