/**
 * A neural recogniser's reading of the reference as the last word on which words were said.
 * soundswallower's alignment can squeeze a word the learner never said onto the audio, and its
 * GMM evidence (word-acceptance.ts, second-opinion.ts) often lets it pass. Moonshine
 * (recognizer/moonshine.ts), read the reference in order, gives such a word a log-probability far
 * under any the experts' well-said words get. So a word shown as said whose Moonshine evidence is
 * under the bar (neural-bar.ts) becomes `Missing`, unsurely (the examiner should listen for
 * it). docs/engine.md ("A neural reading of the reference") has the figures.
 */
import { TARGET_SAMPLE_RATE } from '../audio/decode.js';
import { wordLogProbabilities, type Moonshine } from '../recognizer/moonshine.js';
import type { TextWord } from '../text/words.js';
import { NEURAL_WORD_BAR } from './neural-bar.js';
import type { SpeechAnalysis } from './speech-analysis.js';

/**
 * Reads `words` against `samples` (16 kHz): each word's log-probability. In one process it is
 * Moonshine itself (moonshineReader); a scoring worker asks the server's shared reader.
 */
export type ReferenceReader = (
  samples: Float32Array,
  words: readonly string[],
) => Promise<number[]>;

export function moonshineReader(model: Moonshine): ReferenceReader {
  return (samples, words) => wordLogProbabilities(model, samples, words);
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
  return /^[\p{L}']+$/u.test(word.display);
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
 * Each reference word's log-probability, the reference read in order, or null for an answer
 * too long to read (isReadable), whose words keep the acoustic models' decision.
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
  logProbabilities: readonly number[] | null,
  bar: number = NEURAL_WORD_BAR,
): SpeechAnalysis {
  if (!logProbabilities) return analysis;
  const unsupported = new Set(
    analysis.reference.flatMap((word, slot) =>
      readsAsWritten(word) && (logProbabilities[slot] ?? 0) < bar ? [slot] : [],
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
