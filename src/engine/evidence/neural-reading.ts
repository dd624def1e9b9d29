/**
 * A neural recogniser's reading of the reference as the last word on which words were said.
 * soundswallower's alignment can squeeze a word the learner never said onto the audio, and its
 * GMM evidence (word-acceptance.ts, second-opinion.ts) often lets it pass. Moonshine
 * (recognizer/moonshine.ts), read the reference in order, gives such a word a log-probability far
 * under what the words before it lead the decoder to expect, and where the learner stopped early
 * it expects the transcript to end there. So a word shown as said whose support (wordSupport) is
 * under the bar (neural-bar.ts), or that comes after the answer's end (wordsBeforeEnd), becomes
 * `Missing`, unsurely (the examiner should listen for it). docs/engine.md ("A neural reading of
 * the reference") has the figures.
 */
import { TARGET_SAMPLE_RATE } from '../audio/decode.js';
import { SAMPLES_PER_FRAME } from '../recognizer/acoustic-model.js';
import {
  encodeAnswer,
  expectedLogProbabilities,
  logProbabilities,
  type AnswerReading,
  type Moonshine,
  type ReadWord,
} from '../recognizer/moonshine.js';
import type { TextWord } from '../text/words.js';
import { NEURAL_CLEAR_BAR, NEURAL_END_BAR, NEURAL_HEARD_BAR, NEURAL_START_BAR } from './end-bar.js';
import { voiceOf } from './levels.js';
import { NEURAL_WORD_BAR } from './neural-bar.js';
import type { SpeechAnalysis } from './speech-analysis.js';

/** Moonshine's reading of the reference against one answer. */
export interface ReferenceReading {
  /** Each word's support (wordSupport). */
  supports: number[];
  /** How many of the reference's words come before Moonshine hears the answer end (wordsBeforeEnd). */
  wordsBeforeEnd: number;
}

/**
 * Reads `words` against `samples` (16 kHz). In one process it is Moonshine itself
 * (moonshineReader); a scoring worker asks the server's shared reader.
 */
export type ReferenceReader = (
  samples: Float32Array,
  words: readonly string[],
) => Promise<ReferenceReading>;

/**
 * How much of a word's log-probability over silence (what the words before it predict) is taken
 * off its log-probability over the answer. Half: a name or an ungrammatical sentence, unlikely
 * whatever is heard, is not held against the learner in full, while a word the audio contradicts
 * stays far under what was expected. Chosen with the bar's share on the train speakers' words
 * (bench/neural-expectation.ts), against reading the log-probability alone.
 */
export const EXPECTATION_WEIGHT = 0.5;

/** A word's support: its log-probability over the answer less part of what was expected. */
export function wordSupport(
  heard: number,
  expected: number,
  weight: number = EXPECTATION_WEIGHT,
): number {
  return heard - weight * expected;
}

/** Each word's support, from its log-probabilities over the answer and over silence. */
export function wordSupports(heard: readonly number[], expected: readonly number[]): number[] {
  return heard.map((logProbability, slot) => wordSupport(logProbability, expected[slot]!));
}

/** Reads a wording of the reference against one answer: each word's support. */
export type WordingReader = (words: readonly string[]) => Promise<number[]>;

/** The supports of wordings of the reference read against `answer`. */
export function wordingReader(model: Moonshine, answer: AnswerReading): WordingReader {
  return async (words) =>
    wordSupports(
      logProbabilities(await answer.read(words)),
      await expectedLogProbabilities(model, words),
    );
}

/**
 * Each word's support, the words found unsaid left out of the wording one by one. The decoder
 * reads each word after the reference's words before it, so the word after one the learner
 * left out follows a word that was never said, and its support falls though it was said. The
 * least supported word under the bar is therefore taken out and the rest read again, until every
 * word left is supported. A word keeps the best support any wording gave it: where the learner
 * said another word in its place, the words after read worse without it, not better.
 */
export async function supportsLeavingOutUnsaid(
  read: WordingReader,
  words: readonly string[],
  bar: number = NEURAL_WORD_BAR,
): Promise<number[]> {
  const supports = await read(words);
  let kept = words.map((_, slot) => slot);
  for (;;) {
    const unsupported = kept.filter(
      (slot) => isWrittenInLetters(words[slot]!) && supports[slot]! < bar,
    );
    if (unsupported.length === 0 || unsupported.length === kept.length) return supports;
    const weakest = unsupported.reduce((low, slot) =>
      supports[slot]! < supports[low]! ? slot : low,
    );
    kept = kept.filter((slot) => slot !== weakest);
    const again = await read(kept.map((slot) => words[slot]!));
    kept.forEach((slot, index) => (supports[slot] = Math.max(supports[slot]!, again[index]!)));
  }
}

/**
 * How strongly Moonshine hears the answer end after the word in a slot: worked out on demand
 * (endStrength), or read from ends worked out before (the bench's cache).
 */
export type EndStrength = (slot: number) => number | Promise<number>;

/**
 * After the word in a slot of `words`, read in order, how strongly Moonshine hears the answer
 * end there: the log-probability that the transcript ends, where it beats the next word's
 * start; -Infinity where it does not, after the last word, or where it cannot reach `floor`
 * (not worked out). A learner who stopped halfway leaves audio that ends there, and the words
 * after it cannot have been said, however the alignment placed them. A learner who paused goes
 * on speaking, so the end stays unlikely. Each end worked out costs decoder passes, so the
 * reading is taken only when an end is first asked for, and each end only when asked for.
 */
export function endStrength(
  answer: AnswerReading,
  words: readonly string[],
  floor: number = NEURAL_END_BAR,
): EndStrength {
  let reading: Promise<ReadWord[]> | undefined;
  return async (slot) => {
    const { endBound, next } = (await (reading ??= answer.read(words)))[slot]!;
    const possible = slot < words.length - 1 && endBound >= floor && endBound > next;
    const end = possible ? await answer.endAfter(words.slice(0, slot + 1)) : -Infinity;
    return end > next ? end : -Infinity;
  };
}

/** The end's strength after every word of `words` (endStrength). */
export async function endStrengths(
  answer: AnswerReading,
  words: readonly string[],
  floor: number = NEURAL_END_BAR,
): Promise<number[]> {
  const strengthAfter = endStrength(answer, words, floor);
  const strengths: number[] = [];
  for (const slot of words.keys()) strengths.push(await strengthAfter(slot));
  return strengths;
}

/** The bars of the answer's end (end-bar.ts has them, fitted, and what each is). */
export interface EndBars {
  start: number;
  end: number;
  heard: number;
  clear: number;
}

const END_BARS: EndBars = {
  start: NEURAL_START_BAR,
  end: NEURAL_END_BAR,
  heard: NEURAL_HEARD_BAR,
  clear: NEURAL_CLEAR_BAR,
};

/**
 * How many words come before the answer's end (`strengthAfter`): where the reading began at the
 * reference's first word (its support at least `bars.start`), the first end at least `bars.end`
 * strong, moved on to each stronger end just after it over words Moonshine hears (their support
 * at least `bars.heard`), and to the reference's own end over a last word it hears clearly (at
 * least `bars.clear`); all the words where the reading did not begin at the first word.
 * - Moved on: the decoder also expects an end after a word a sentence seldom ends on. A learner
 *   who left out the last word ("...before the") ends on "the", though the decoder would end
 *   a little less surely a word earlier; one who said "...to them park" did say "park". Once
 *   the audio is over the decoder expects an end after every word, so a word it does not hear
 *   stops the move, and the last word must be heard clearly to carry the end to the
 *   reference's (which takes every word with it).
 * - A late start: read against the words a late starter never said, Moonshine soon expects the
 *   transcript to end, though the answer goes on.
 */
export async function wordsBeforeEnd(
  supports: readonly number[],
  strengthAfter: EndStrength,
  bars: EndBars = END_BARS,
): Promise<number> {
  const last = supports.length - 1;
  if ((supports[0] ?? -Infinity) < bars.start) return supports.length;
  // After the last word the transcript ends as the reference does: as strong as an end can be.
  const endAfter = async (slot: number): Promise<number> =>
    slot === last ? 0 : strengthAfter(slot);
  let end = 0;
  let strongest = await endAfter(end);
  while (strongest < bars.end && end < last) strongest = await endAfter((end += 1));
  for (let slot = end + 1; slot <= last; slot += 1) {
    // The support first: it is known, while an end costs decoder passes.
    if (supports[slot]! < (slot === last ? bars.clear : bars.heard)) break;
    const strength = await endAfter(slot);
    if (strength < bars.end) break;
    if (strength > strongest) [end, strongest] = [slot, strength];
  }
  return end + 1;
}

export function moonshineReader(model: Moonshine): ReferenceReader {
  return async (samples, words) => {
    const answer = await encodeAnswer(model, samples);
    const supports = await supportsLeavingOutUnsaid(wordingReader(model, answer), words);
    return {
      supports,
      wordsBeforeEnd: await wordsBeforeEnd(supports, endStrength(answer, words)),
    };
  };
}

/**
 * The longest answer read. Moonshine learnt from utterances of up to about 30 s, and its
 * attention grows with the square of the length; a Repeat Sentence answer is a sentence.
 */
export const NEURAL_READING_MAX_SECONDS = 30;

/**
 * The longest reference read. Over a short answer, each word of a long reference costs more
 * decoder passes (the supports' rereadings, the ends), each over the words before it: 1000
 * words (the contract's limit) held the shared reader for 91 s while other answers waited. A
 * Repeat Sentence item is a sentence.
 */
export const NEURAL_READING_MAX_WORDS = 30;

/**
 * Whether Moonshine's reading of `word` is evidence: a word of letters. A number or a symbol is
 * written as Moonshine's training transcripts write it, which the reference need not follow.
 */
export function readsAsWritten(word: TextWord): boolean {
  return isWrittenInLetters(word.display);
}

function isWrittenInLetters(written: string): boolean {
  return /^[\p{L}']+$/u.test(written);
}

/** Whether an answer this long is read against a reference of `words` words. */
export function isReadable(seconds: number, words: number): boolean {
  return seconds <= NEURAL_READING_MAX_SECONDS && words <= NEURAL_READING_MAX_WORDS;
}

/** The reference as Moonshine reads it: each word as written. */
export function writtenWords(reference: readonly TextWord[]): string[] {
  return reference.map((word) => word.display);
}

/**
 * What Moonshine reads of an answer: its voice from `fromFrame` on (voiceOf), as the alignment
 * analyses it. The quiet an exam-mode answer holds around the voice moved its supports (a word
 * by 1.4 of 5 once they weighed in the scores), and so did a false start read with the reading.
 */
export function readableVoice(samples: Float32Array, fromFrame = 0): Float32Array {
  return voiceOf(samples.subarray(fromFrame * SAMPLES_PER_FRAME)).voice;
}

/**
 * The frame from which Moonshine reads an answer whose analysis found a false start: just
 * after its last word, so the reading is read as the reading (0 where there is none).
 */
export function readingFrame(analysis: Pick<SpeechAnalysis, 'falseStart'>): number {
  const last = analysis.falseStart.at(-1);
  return last ? last.endFrame + 1 : 0;
}

/**
 * Moonshine's reading of the reference against the answer's voice from `fromFrame` on
 * (readableVoice), or null for an answer or a reference too long to read (isReadable), whose
 * words keep the acoustic models' decision.
 */
export async function neuralReading(
  read: ReferenceReader,
  samples: Float32Array,
  reference: readonly TextWord[],
  fromFrame = 0,
): Promise<ReferenceReading | null> {
  const voice = readableVoice(samples, fromFrame);
  if (!isReadable(voice.length / TARGET_SAMPLE_RATE, reference.length)) return null;
  return read(voice, writtenWords(reference));
}

/**
 * `analysis` with Moonshine's supports, and the words its reading does not support, and those
 * after the answer's end, `Missing`, unsurely.
 */
export function withNeuralReading(
  analysis: SpeechAnalysis,
  reading: ReferenceReading | null,
  bar: number = NEURAL_WORD_BAR,
): SpeechAnalysis {
  if (!reading) return analysis;
  const { supports } = reading;
  const unsupported = new Set(
    analysis.reference.flatMap((word, slot) =>
      slot >= reading.wordsBeforeEnd || (readsAsWritten(word) && (supports[slot] ?? 0) < bar)
        ? [slot]
        : [],
    ),
  );
  const vetoed = analysis.heard.filter((word) => unsupported.has(word.slot));
  if (vetoed.length === 0) return { ...analysis, supports };
  return {
    ...analysis,
    supports,
    heard: analysis.heard.filter((word) => !unsupported.has(word.slot)),
    unsureSlots: [...new Set([...analysis.unsureSlots, ...vetoed.map((word) => word.slot)])],
  };
}
