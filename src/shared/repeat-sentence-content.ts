/** The top of `repeatSentenceContent`: the native scale's 3, before the request's scale. */
export const REPEAT_SENTENCE_CONTENT_MAX = 3;

/**
 * Repeat Sentence content on the native 0–3 scale, from how many of the sentence's `total`
 * words were repeated in order: every word → 3, at least half → 2, any → 1, none → 0. An answer
 * whose match with the sentence is in doubt earns at most 1 until an examiner has listened.
 * The engine marks the words it heard; an examiner's marks of each word said or not follow
 * the same rule.
 */
export function repeatSentenceContent(said: number, total: number, doubtful = false): number {
  const mark =
    total > 0 && said === total
      ? REPEAT_SENTENCE_CONTENT_MAX
      : said * 2 >= total && said > 0
        ? 2
        : said > 0
          ? 1
          : 0;
  return doubtful ? Math.min(1, mark) : mark;
}

/**
 * What a word said unsurely (kept as said on thin evidence, for the examiner to listen to)
 * earns of its share of `overall` until an examiner marks it: half a word.
 */
export const UNSURE_WORD_CREDIT = 0.5;

/**
 * The share of the sentence repeated in order, which Repeat Sentence's `overall` scales the
 * delivery by: one word of ten unsaid costs a tenth, not the third the content mark's step
 * takes. Of the `said` words, the `unsure` ones earn half a word (UNSURE_WORD_CREDIT): the said
 * decision's bar lies among them, so a word an MP3 or Opus copy of the same answer tips over it
 * moves `overall` by half a word, not a whole one. In doubt, no more than the held mark.
 */
export function repeatedShare(said: number, total: number, doubtful = false, unsure = 0): number {
  const share = (said - unsure * (1 - UNSURE_WORD_CREDIT)) / Math.max(1, total);
  if (!doubtful) return share;
  return Math.min(share, repeatSentenceContent(said, total, true) / REPEAT_SENTENCE_CONTENT_MAX);
}
