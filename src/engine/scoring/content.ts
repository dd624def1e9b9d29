import type { SpeechAnalysis } from '../evidence/speech-analysis.js';

/**
 * Repeat Sentence content mark on the native 0–3 scale: every reference word in order → 3, at
 * least half → 2, any → 1, none → 0. The sequence grammar only yields words in reference order,
 * so the words heard are exactly the longest in-order subsequence. An answer whose match with
 * the sentence is in doubt earns at most 1 until an examiner has listened.
 */
export function repeatSentenceMark(analysis: SpeechAnalysis, doubtful = false): number {
  const total = analysis.reference.length;
  const inOrder = new Set(analysis.heard.map((word) => word.slot)).size;
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
