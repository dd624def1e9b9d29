import { sameStem } from '../text/inflections.js';

/** A point the answer should make: one word, or a phrase that counts once ("climate change"). */
export interface KeyPoint {
  display: string;
  /** The dictionary words that say it, in order. */
  words: string[];
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
