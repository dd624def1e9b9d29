import type { SpeechAnalysis } from '../speech/analysis.js';
import type { TextWord } from '../speech/lexicon.js';

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

export interface Coverage {
  covered: number;
  total: number;
}

/** Which keywords (each one or more words) were heard at least once, in any order. */
export function keywordCoverage(analysis: SpeechAnalysis, keywords: readonly TextWord[]): Coverage {
  const heard = new Set(
    analysis.heard.map((word) => analysis.reference[word.slot]?.spoken.join(' ')),
  );
  const spokenHeard = new Set(
    analysis.heard.flatMap((word) => analysis.reference[word.slot]?.spoken ?? []),
  );
  const covered = keywords.filter(
    (keyword) =>
      heard.has(keyword.spoken.join(' ')) || keyword.spoken.every((part) => spokenHeard.has(part)),
  ).length;
  return { covered, total: keywords.length };
}
