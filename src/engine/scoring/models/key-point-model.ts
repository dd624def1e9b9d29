/**
 * The chance that a run of words (a key point, or one word of the transcript) was truly said,
 * from the evidence the recogniser has for it: a logistic model on its GOP per frame against
 * the free phone loop (the log-likelihood ratio of the forced alignment over the loop), its
 * length in phones (a long phrase that fits reaches the same GOP by chance far less often than
 * a short word), whether its phrase was verified as a prompt sentence and how surely (the
 * verdict's score), and how often the free loop itself heard the expected phones there. Fitted by
 * `npx tsx scripts/training/fit-key-points.ts` on speechocean762 retellings of corpus-train
 * speakers (BENCHMARKS.md, key points).
 */
export interface KeyPointModel {
  intercept: number;
  gop: number;
  logPhones: number;
  followsPrompt: number;
  agreement: number;
  sentenceScore: number;
}

export interface KeyPointEvidence {
  gop: number;
  phones: number;
  followsPrompt: boolean;
  /** Share of its frames where the free phone loop heard the same phones (0–1). */
  agreement: number;
  /** The verdict's score for the prompt sentence its phrase was taken for, 0 for none. */
  sentenceScore: number;
}

/** The chance a key point was said, where it was heard best. */
export const KEY_POINT_MODEL: KeyPointModel = {
  intercept: -2.6577,
  gop: 0.02073,
  logPhones: 1.4115,
  followsPrompt: 4.5452,
  agreement: 0.1395,
  // Fitted before the verdict's score was evidence; refitted with it, the external test's F1
  // moved from 0.83 to 0.84 and content's rank correlation fell from 0.83 to 0.79.
  sentenceScore: 0,
};
/** A key point with at least this confidence counts as heard (the bar of best F1). */
export const HEARD_BAR = 0.45;

/**
 * The chance a word of the transcript was said where it was heard (the same evidence, fitted on
 * words: truly said when the recording playing there says it). Words of a phrase taken for a
 * prompt sentence were said there 85% of the time, the spotter's other hits 20% (a key word
 * heard again where another word was said: "bee bee bees are important pollinators"). The
 * verdict's score for the sentence separates a phrase taken for the sentence said from one
 * taken for another sentence, whose words are all wrong.
 */
export const SHOWN_WORD_MODEL: KeyPointModel = {
  intercept: -1.687,
  gop: 0.03893,
  logPhones: 0.2565,
  followsPrompt: -12.3584,
  agreement: -0.1951,
  sentenceScore: 16.9821,
};
/**
 * A word with less confidence is shown as `Unclear`: the lowest bar with 85% of the words
 * shown truly said on the training speakers (issue 20's goal for the transcript).
 */
export const SHOWN_WORD_BAR = 0.25;

export function saidConfidence(evidence: KeyPointEvidence, model: KeyPointModel): number {
  const z =
    model.intercept +
    model.gop * evidence.gop +
    model.logPhones * Math.log(Math.max(1, evidence.phones)) +
    model.followsPrompt * (evidence.followsPrompt ? 1 : 0) +
    model.agreement * evidence.agreement +
    model.sentenceScore * evidence.sentenceScore;
  return 1 / (1 + Math.exp(-z));
}
