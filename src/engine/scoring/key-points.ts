import { sameStem, stemOf } from '../text/inflections.js';
import { isGenericWord } from '../text/vocabulary.js';
import { sentencesOf, tokenize, type TextWord } from '../text/words.js';

/** A point the answer should make: one word, or a phrase that counts once ("climate change"). */
export interface KeyPoint {
  display: string;
  /** The dictionary words that say it, in order. */
  words: string[];
}

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

/** A word the answer was heard to say, with how well its sounds support it. */
export interface SpokenWord {
  spoken: string;
  /** Word GOP against the free phone loop (higher: better supported). */
  confidence: number;
  startMs: number;
  endMs: number;
  /** Words of one phrase are adjacent only within that phrase. */
  phrase: number;
  /** Its phrase was verified as part of a prompt sentence (stronger evidence than one word). */
  followsPrompt: boolean;
}

/** The confidence a key point needs: in a phrase that follows the prompt, and elsewhere. */
export interface KeyPointBars {
  followsPrompt: number;
  alone: number;
}

export interface SpottedKeyPoint {
  keyPoint: KeyPoint;
  /** The first place it was said, or null when it was not heard. */
  found: { confidence: number; startMs: number; endMs: number } | null;
}

/**
 * Where each key point was said: all its words in order, one after another in one phrase, in
 * any regular inflection. A place's confidence is that of its least supported word; a key
 * point counts as said when a place reaches the bar for its phrase.
 */
export function spotKeyPoints(
  keyPoints: readonly KeyPoint[],
  words: readonly SpokenWord[],
  bars: KeyPointBars,
): SpottedKeyPoint[] {
  return keyPoints.map((keyPoint) => {
    const passes = (word: SpokenWord): boolean =>
      word.confidence >= (word.followsPrompt ? bars.followsPrompt : bars.alone);
    return { keyPoint, found: firstPlace(keyPoint, words, passes) };
  });
}

/** The first place where the key point was said with every word passing its bar. */
function firstPlace(
  keyPoint: KeyPoint,
  words: readonly SpokenWord[],
  passes: (word: SpokenWord) => boolean,
): { confidence: number; startMs: number; endMs: number } | null {
  for (const [start, first] of words.entries()) {
    const run = keyPoint.words.map((_, offset) => words[start + offset]);
    const matches = run.every(
      (word, offset) =>
        word !== undefined &&
        word.phrase === first.phrase &&
        passes(word) &&
        sameStem(word.spoken, keyPoint.words[offset]!),
    );
    if (matches) {
      const confidence = Math.min(...run.map((word) => word!.confidence));
      return { confidence, startMs: first.startMs, endMs: run.at(-1)!.endMs };
    }
  }
  return null;
}
