import type { SpeechAnalysis } from '../speech/analysis.js';
import type { TextWord } from '../speech/lexicon.js';

/**
 * Repeat Sentence content mark on the native 0–3 scale: every reference word in order → 3, at
 * least half → 2, any → 1, none → 0. The sequence grammar only yields words in reference order,
 * so the words heard are exactly the longest in-order subsequence.
 */
export function repeatSentenceMark(analysis: SpeechAnalysis): number {
  const total = analysis.reference.length;
  const inOrder = new Set(analysis.heard.map((word) => word.slot)).size;
  if (total > 0 && inOrder === total) return 3;
  if (inOrder * 2 >= total && inOrder > 0) return 2;
  return inOrder > 0 ? 1 : 0;
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
