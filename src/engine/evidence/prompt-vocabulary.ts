import type { KeyPoint } from '../scoring/key-points.js';
import type { PromptVocabulary } from '../recognizer/grammar.js';
import { inflectionCandidates, stemOf } from '../text/inflections.js';
import { tokenize, type TextWord } from '../text/words.js';
import type { SpeechModel } from '../recognizer/soundswallower/adapter.js';
import { HESITATIONS, isGenericWord } from '../text/vocabulary.js';

/** Without request keywords, at most this many of refText's content words are key points. */
export const MAX_KEY_POINTS = 20;

/**
 * The request's keywords (each one point, however many words), or else refText's content
 * words: not function words or what any answer says ("lecture", "shows"), one per stem. When
 * there are more than MAX_KEY_POINTS, the most repeated are kept, then the first of each
 * sentence, then the second…, so every sentence keeps its points; listed in the text's order.
 */
export function keyPointsFor(refText: string, keywords: readonly string[] | undefined): KeyPoint[] {
  const given = (keywords ?? []).flatMap((keyword): KeyPoint[] => {
    const words = tokenize(keyword).flatMap((word) => word.spoken);
    return words.length > 0 ? [{ display: keyword.trim(), words }] : [];
  });
  if (given.length > 0) return given;
  const counts = new Map<string, { word: TextWord; count: number; first: number; rank: number }>();
  let index = 0;
  for (const sentence of sentencesOf(refText)) {
    let rank = 0;
    for (const word of sentence) {
      index += 1;
      if (word.spoken.every(isGenericWord)) continue;
      const stem = word.spoken.map(stemOf).join(' ');
      const seen = counts.get(stem);
      if (seen) seen.count += 1;
      else counts.set(stem, { word, count: 1, first: index, rank });
      rank += 1;
    }
  }
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || a.rank - b.rank || a.first - b.first)
    .slice(0, MAX_KEY_POINTS)
    .sort((a, b) => a.first - b.first)
    .map(({ word }) => ({ display: word.display, words: word.spoken }));
}

/** refText's sentences, each as its words. */
function sentencesOf(refText: string): TextWord[][] {
  return refText
    .split(/[.!?;:]+(?:\s+|$)/u)
    .map(tokenize)
    .filter((words) => words.length > 0);
}

/** What the recogniser may hear in an answer about `refText` (grammar.ts, promptGrammar). */
export function promptVocabulary(
  model: SpeechModel,
  refText: string,
  keyPoints: readonly KeyPoint[],
): PromptVocabulary {
  const known = (word: string): boolean => model.decoder.lookup_word(word) !== null;
  const keyWords = keyPoints.flatMap((keyPoint) => keyPoint.words);
  const forms = new Map(
    keyWords.map((word) => [
      word,
      inflectionCandidates(word).filter((form) => form !== word && known(form)),
    ]),
  );
  const promptWords = [
    ...tokenize(refText),
    ...keyWords.map((word) => ({ display: word, spoken: [word] })),
  ];
  const seen = new Set<string>();
  return {
    sentences: sentencesOf(refText),
    promptWords: promptWords.filter((word) => {
      const key = word.spoken.join(' ');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
    forms,
    hesitations: HESITATIONS.filter(known),
  };
}
