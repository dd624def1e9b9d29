/**
 * A neural recogniser's reading of the reference as the last word on which words were said.
 * soundswallower's alignment can squeeze a word the learner never said onto the audio, and its
 * GMM evidence (word-acceptance.ts, second-opinion.ts) often lets it pass. Moonshine
 * (recognizer/moonshine.ts), read the reference in order, gives such a word a log-probability far
 * under what the words before it lead the decoder to expect. So a word shown as said whose
 * support (wordSupport) is under the bar (neural-bar.ts) becomes `Missing`, unsurely (the
 * examiner should listen for it). docs/engine.md ("A neural reading of the reference") has the
 * figures.
 */
import { TARGET_SAMPLE_RATE } from '../audio/decode.js';
import {
  encodeAnswer,
  expectedLogProbabilities,
  type AnswerReading,
  type Moonshine,
} from '../recognizer/moonshine.js';
import type { TextWord } from '../text/words.js';
import { NEURAL_WORD_BAR } from './neural-bar.js';
import type { SpeechAnalysis } from './speech-analysis.js';

/**
 * Reads `words` against `samples` (16 kHz): each word's support (wordSupport). In one process it
 * is Moonshine itself (moonshineReader); a scoring worker asks the server's shared reader.
 */
export type ReferenceReader = (
  samples: Float32Array,
  words: readonly string[],
) => Promise<number[]>;

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
    wordSupports(await answer(words), await expectedLogProbabilities(model, words));
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

export function moonshineReader(model: Moonshine): ReferenceReader {
  return async (samples, words) =>
    supportsLeavingOutUnsaid(wordingReader(model, await encodeAnswer(model, samples)), words);
}

/**
 * The longest answer read. Moonshine learnt from utterances of up to about 30 s, and its
 * attention grows with the square of the length; a Repeat Sentence answer is a sentence.
 */
export const NEURAL_READING_MAX_SECONDS = 30;

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

/** Whether an answer this long is read (NEURAL_READING_MAX_SECONDS). */
export function isReadable(seconds: number): boolean {
  return seconds <= NEURAL_READING_MAX_SECONDS;
}

/** The reference as Moonshine reads it: each word as written. */
export function writtenWords(reference: readonly TextWord[]): string[] {
  return reference.map((word) => word.display);
}

/**
 * Each reference word's support, the reference read in order, or null for an answer too long
 * to read (isReadable), whose words keep the acoustic models' decision.
 */
export async function neuralReading(
  read: ReferenceReader,
  samples: Float32Array,
  reference: readonly TextWord[],
): Promise<number[] | null> {
  if (!isReadable(samples.length / TARGET_SAMPLE_RATE)) return null;
  return read(samples, writtenWords(reference));
}

/** `analysis` with the words Moonshine's reading does not support `Missing`, unsurely. */
export function withNeuralReading(
  analysis: SpeechAnalysis,
  supports: readonly number[] | null,
  bar: number = NEURAL_WORD_BAR,
): SpeechAnalysis {
  if (!supports) return analysis;
  const unsupported = new Set(
    analysis.reference.flatMap((word, slot) =>
      readsAsWritten(word) && (supports[slot] ?? 0) < bar ? [slot] : [],
    ),
  );
  const vetoed = analysis.heard.filter((word) => unsupported.has(word.slot));
  if (vetoed.length === 0) return analysis;
  return {
    ...analysis,
    heard: analysis.heard.filter((word) => !unsupported.has(word.slot)),
    unsureSlots: [...new Set([...analysis.unsureSlots, ...vetoed.map((word) => word.slot)])],
  };
}
