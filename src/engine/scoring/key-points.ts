import { sameStem, stemOf } from '../text/inflections.js';
import { spokenVariants } from '../text/key-phrases.js';
import { isGenericWord } from '../text/vocabulary.js';
import { sentencesOf, tokenize, type TextWord } from '../text/words.js';
import {
  KEY_POINT_MODEL,
  saidConfidence,
  SHOWN_WORD_MODEL,
  type KeyPointEvidence,
} from './models/key-point-model.js';

/** A point the answer should make: one word, or a phrase that counts once ("climate change"). */
export interface KeyPoint {
  /** Exactly as the request gave it (a `keywords` entry), or as refText writes the word. */
  display: string;
  /** The ways it may be said, each its dictionary words in order (text/key-phrases.ts). */
  variants: string[][];
  /** Its plain reading: the first of `variants`. */
  words: string[];
  /**
   * Every place refText (the lecture) says it, counted in its spoken words, in order; empty
   * where it does not. A retelling's order is checked against these, not the list's: an
   * examiner may write the keywords in any order, and a lecture may come back to a point.
   */
  lecturePlaces: number[];
}

/** Without request keywords, at most this many of refText's content words are key points. */
export const MAX_KEY_POINTS = 20;

/**
 * The request's keywords (each one point, however many words or commas it holds), or else
 * refText's content words: not function words or what any answer says ("lecture", "shows"),
 * one per stem. When there are more than MAX_KEY_POINTS, the most repeated are kept, then the
 * first of each sentence, then the second…, so every sentence keeps its points; listed in the
 * text's order.
 */
export function keyPointsFor(refText: string, keywords: readonly string[] | undefined): KeyPoint[] {
  const lecture = tokenize(refText).flatMap((word) => word.spoken);
  const keyPoint = (display: string, variants: string[][], words: string[]): KeyPoint => ({
    display,
    variants,
    words,
    lecturePlaces: placesIn(lecture, variants),
  });
  const given = (keywords ?? []).flatMap((keyword): KeyPoint[] => {
    const variants = spokenVariants(keyword);
    return variants.length > 0 ? [keyPoint(keyword, variants, variants[0]!)] : [];
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
    .map(({ word }) => {
      const variants = spokenVariants(word.display);
      return keyPoint(word.display, variants, variants[0] ?? word.spoken);
    });
}

/** Every place in `lecture` where one of the variants is said, in any regular inflection. */
function placesIn(lecture: readonly string[], variants: readonly string[][]): number[] {
  return lecture.flatMap((_, start) =>
    variants.some((variant) => saysAt(lecture, start, variant)) ? [start] : [],
  );
}

/** Whether `words` from `start` say `variant`, word by word, in any regular inflection. */
function saysAt(words: readonly string[], start: number, variant: readonly string[]): boolean {
  return (
    variant.length > 0 &&
    start + variant.length <= words.length &&
    variant.every((word, offset) => sameStem(words[start + offset]!, word))
  );
}

/** A word the answer was heard to say, with the evidence for it. */
export interface SpokenWord {
  /** Its dictionary words, space-separated: several where one written word says them ("1990"). */
  spoken: string;
  /** Word GOP against the free phone loop, per frame (higher: better supported). */
  gop: number;
  /** Its phones and frames, so a run of words can be judged as one hypothesis. */
  phones: number;
  frames: number;
  /** Share of its frames where the free phone loop heard its own phones (0–1). */
  agreement: number;
  startMs: number;
  endMs: number;
  /** Words of one phrase are adjacent only within that phrase. */
  phrase: number;
  /** Its phrase was verified as part of a prompt sentence (stronger evidence than one word). */
  followsPrompt: boolean;
  /** How surely it was (the verdict's score), 0 when it was not. */
  sentenceScore: number;
}

export interface KeyPointPlace {
  confidence: number;
  startMs: number;
  endMs: number;
}

export interface SpottedKeyPoint {
  keyPoint: KeyPoint;
  /** How sure the engine is that it was said (0–1), at its most confident place. */
  confidence: number;
  /** That place, or null when the confidence stays below the bar. */
  found: KeyPointPlace | null;
}

/**
 * Where each key point was said: all its words of one of its ways, in order, one after
 * another in one phrase, in any regular inflection. A place's confidence is the calibrated
 * chance that run of words was said (its GOP over all its frames, its length in phones, and
 * how many of the other key points the answer says); a key point counts as said when its best
 * place reaches `bar`.
 */
export function spotKeyPoints(
  keyPoints: readonly KeyPoint[],
  words: readonly SpokenWord[],
  bar: number,
): SpottedKeyPoint[] {
  const places = keyPoints.map((keyPoint) => keyPointPlaces(keyPoint, words));
  const shares = topicShares(places.map((own) => own.length > 0));
  return keyPoints.map((keyPoint, index) => {
    const place = bestPlace(places[index]!, shares[index]!);
    return {
      keyPoint,
      confidence: place?.confidence ?? 0,
      found: place && place.confidence >= bar ? place : null,
    };
  });
}

/** For each key point, the share of the others heard somewhere in the answer. */
export function topicShares(heardSomewhere: readonly boolean[]): number[] {
  const heard = heardSomewhere.filter(Boolean).length;
  const others = heardSomewhere.length - 1;
  return heardSomewhere.map((own) => (others > 0 ? (heard - (own ? 1 : 0)) / others : 0));
}

/** Every place the key point's words were heard, each with the evidence for it. */
export function keyPointPlaces(
  keyPoint: KeyPoint,
  words: readonly SpokenWord[],
): Array<{ run: SpokenWord[]; evidence: KeyPointEvidence }> {
  const places: Array<{ run: SpokenWord[]; evidence: KeyPointEvidence }> = [];
  // A word of a verified sentence may be several dictionary words ("1990": nineteen ninety).
  const said = words.flatMap((word, index) =>
    word.spoken.split(' ').map((spoken) => ({ spoken, index })),
  );
  const spoken = said.map((token) => token.spoken);
  for (const variant of keyPoint.variants) {
    for (const start of said.keys()) {
      if (!saysAt(spoken, start, variant)) continue;
      const run = words.slice(said[start]!.index, said[start + variant.length - 1]!.index + 1);
      if (run.every((word) => word.phrase === run[0]!.phrase))
        places.push({ run, evidence: runEvidence(run) });
    }
  }
  return places;
}

function bestPlace(
  places: ReturnType<typeof keyPointPlaces>,
  topicShare: number,
): KeyPointPlace | null {
  let best: KeyPointPlace | null = null;
  for (const { run, evidence } of places) {
    const confidence = saidConfidence({ ...evidence, topicShare }, KEY_POINT_MODEL);
    if (best === null || confidence > best.confidence)
      best = { confidence, startMs: run[0]!.startMs, endMs: run.at(-1)!.endMs };
  }
  return best;
}

/** The calibrated chance a word of the transcript was said. */
export function wordConfidence(word: SpokenWord): number {
  return saidConfidence(runEvidence([word]), SHOWN_WORD_MODEL);
}

/** A run of words as one hypothesis: its GOP over all its frames, its phones. */
export function runEvidence(run: readonly SpokenWord[]): KeyPointEvidence {
  const frames = run.reduce((sum, word) => sum + word.frames, 0);
  return {
    gop: run.reduce((sum, word) => sum + word.gop * word.frames, 0) / Math.max(1, frames),
    phones: run.reduce((sum, word) => sum + word.phones, 0),
    followsPrompt: run.every((word) => word.followsPrompt),
    sentenceScore: Math.min(...run.map((word) => word.sentenceScore)),
    agreement:
      run.reduce((sum, word) => sum + word.agreement * word.frames, 0) / Math.max(1, frames),
    topicShare: 0,
  };
}
