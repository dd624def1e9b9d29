import type { SpeechAnalysis } from '../evidence/speech-analysis.js';

/**
 * Repeat Sentence content mark on the native 0–3 scale: every reference word in order → 3, at
 * least half → 2, any → 1, none → 0. The sequence grammar only yields words in reference order,
 * so the words heard are exactly the longest in-order subsequence. An answer whose match with
 * the sentence is in doubt earns at most 1 until an examiner has listened.
 */
export function repeatSentenceMark(analysis: SpeechAnalysis, doubtful = false): number {
  const total = analysis.reference.length;
  const inOrder = wordsInOrder(analysis);
  const mark =
    total > 0 && inOrder === total
      ? 3
      : inOrder * 2 >= total && inOrder > 0
        ? 2
        : inOrder > 0
          ? 1
          : 0;
  return doubtful ? Math.min(1, mark) : mark;
}

/**
 * The share of the sentence repeated in order, which Repeat Sentence's `overall` scales the
 * delivery by: one word of ten unsaid costs a tenth, not the third the content mark's step
 * takes, so one word near the said decision's bar (an MP3 or Opus copy of the same answer
 * tips it) cannot move `overall` by a third of the scale. In doubt, no more than the held mark.
 */
export function repeatedShare(analysis: SpeechAnalysis, doubtful = false): number {
  const share = wordsInOrder(analysis) / Math.max(1, analysis.reference.length);
  return doubtful ? Math.min(share, repeatSentenceMark(analysis, true) / 3) : share;
}

/** How many reference words were heard; the sequence grammar keeps them in order. */
export function wordsInOrder(analysis: SpeechAnalysis): number {
  return new Set(analysis.heard.map((word) => word.slot)).size;
}
