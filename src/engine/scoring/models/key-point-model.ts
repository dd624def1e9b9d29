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
  intercept: -2.6577,
  gop: 0.02073,
  logPhones: 1.4115,
  followsPrompt: 4.5452,
  agreement: 0.1395,
};
/** A key point with at least this confidence counts as heard (the bar of best F1). */
export const HEARD_BAR = 0.45;

/** The chance a word of the transcript was said (the same evidence, fitted on words). */
export const SHOWN_WORD_MODEL: KeyPointModel = {
  intercept: -0.5651,
  gop: 0.02283,
  logPhones: 0.7211,
  followsPrompt: 3.2946,
  agreement: 0.5541,
};
/**
 * A word with less confidence is shown as `Unclear`: the lowest bar with 90% of the words
 * shown truly said on the training speakers (that truth counts a word said anywhere in the
 * answer, so it flatters; 90% on it keeps 85% in reach on held-out speakers). Since phrases
 * are taken for the sentence said far more often (recognizer/grammar.ts, SKIP_WEIGHT), that is
 * the lowest bar the fit tries: nearly every word kept is shown.
 */
export const SHOWN_WORD_BAR = 0.05;

export function saidConfidence(evidence: KeyPointEvidence, model: KeyPointModel): number {
  const z =
    model.intercept +
    model.gop * evidence.gop +
    model.logPhones * Math.log(Math.max(1, evidence.phones)) +
    model.followsPrompt * (evidence.followsPrompt ? 1 : 0) +
    model.agreement * evidence.agreement;
  return 1 / (1 + Math.exp(-z));
}
