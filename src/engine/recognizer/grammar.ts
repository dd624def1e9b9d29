import type { TextWord } from '../text/words.js';
import { PHONES, phoneWord } from './phones.js';

const HEADER = '#JSGF V1.0;\ngrammar answer;\n';

function phrase(word: TextWord): string {
  return word.spoken.length === 1 ? (word.spoken[0] ?? '') : `(${word.spoken.join(' ')})`;
}

/** The most words a false start holds before the reader starts the sentence again. */
export const FALSE_START_WORDS = 4;
/**
 * The weight of the path that starts again: far below the plain reading's, so that a reading
 * said once is never parsed as a false start and a restart.
 */
const RESTART_WEIGHT = 1e-20;
// 1e-8 let the decoder explain a misheard word of a real reading as a restart in 4 of 10
// speechocean762 readings looked at; 1e-30 never took the arc, even for a clear restart.

/**
 * Repeat Sentence: the reference words in order, each one optional, so a skipped word is simply
 * not on the path. The decoder's filler models (silence, noise, +SPN+ speech garbage) may sit
 * between any two words and absorb hesitations and inserted sounds. The reading may also start
 * with a false start: the sentence's first words, abandoned, after which the reader starts
 * again from the first word (the restart arc of oral-reading tutors' grammars).
 */
export function sequenceGrammar(
  words: readonly TextWord[],
  {
    restarts = true,
    restartWeight = RESTART_WEIGHT,
  }: { restarts?: boolean; restartWeight?: number } = {},
): string {
  const sentence = words.map((word) => `[${phrase(word)}]`).join(' ');
  if (words.length < 2 || !restarts) return `${HEADER}public <answer> = ${sentence};\n`;
  const falseStart = words
    .slice(0, Math.min(FALSE_START_WORDS, words.length - 1))
    .reduceRight((inner, word) => (inner ? `${phrase(word)} [${inner}]` : phrase(word)), '');
  const restarted = [phrase(words[0]!), ...words.slice(1).map((word) => `[${phrase(word)}]`)];
  return `${HEADER}public <answer> = /1/ ${sentence} | /${restartWeight}/ ${falseStart} ${restarted.join(' ')};\n`;
}

/** A hesitation is chosen over the phone loop only where the sound fits it far better. */
const HESITATION_WEIGHT = 0.005;
/**
 * A key phrase is chosen over the phone loop where it explains the frames nearly as well: the
 * loop of 39 free phones fits any speech at least as well as one fixed word, so without this
 * prior the spotter would hear no key phrase at all. Each hit is verified afterwards against
 * the free loop (evidence/free-speech.ts), so the prior sets recall and the verifier precision.
 */
export const KEY_PHRASE_WEIGHT = 1e4;

export interface PromptVocabulary {
  /** The prompt's sentences, each in order. */
  sentences: readonly (readonly TextWord[])[];
  /** The key points, each the ways it may be said (text/key-phrases.ts), searched for anywhere. */
  keyPhrases: readonly (readonly (readonly string[])[])[];
  /** Other forms each dictionary word may be said in ("melt": "melts", "melted", "melting"). */
  forms: ReadonlyMap<string, readonly string[]>;
  /** Dictionary words for hesitations ("um", "uh"). */
  hesitations: readonly string[];
}

function withForms(word: string, forms: PromptVocabulary['forms']): string {
  const other = forms.get(word) ?? [];
  return other.length > 0 ? `(${[word, ...other].join(' | ')})` : word;
}

/**
 * What skipping a word of a prompt sentence costs against saying it, in the grammar tried first
 * (evidence/free-speech.ts). Free to skip, the decoder chose the sentence whose few short words
 * fit best and left the rest of the phrase to its fillers: on speechocean762 retellings it chose
 * the sentence said in 59% of phrases, at this cost 76% (1e-8 to 1e-20: 76–77%), in the same
 * time (bench/retell-sentences.ts). A paraphrase's words rarely all fit in order, so the
 * grammar of freely skipped words (weight 1) is tried after it.
 */
export const SKIP_WEIGHT = 1e-6;

/**
 * A phrase as (part of) one prompt sentence: any of the sentences, its words in order, each
 * one optional at `skipWeight` against saying it (1: free), key words in any regular
 * inflection. The word-to-word transitions of the prompt, without a loop: a loop over optional
 * words costs the decoder twenty times as much. Null when the prompt has no sentence (a
 * request of keywords only).
 */
export function promptSentenceGrammar(
  vocabulary: PromptVocabulary,
  skipWeight: number,
): string | null {
  if (vocabulary.sentences.length === 0) return null;
  const optional = (word: TextWord): string => {
    const said =
      word.spoken.length === 1 ? withForms(word.spoken[0]!, vocabulary.forms) : phrase(word);
    return skipWeight === 1 ? `[${said}]` : `( /1/ ${said} | /${skipWeight}/ <NULL> )`;
  };
  const sentences = vocabulary.sentences.map((sentence) => `(${sentence.map(optional).join(' ')})`);
  return `${HEADER}public <answer> = ${[...new Set(sentences)].join(' | ')};\n`;
}

/**
 * Keyword spotting: the phrase as any sequence of free phones (the background that absorbs
 * whatever else is said), key phrases (each as a whole, in any of its ways, its words in any
 * regular inflection) and hesitations. Each key phrase is its own hypothesis against the phone
 * loop, so its chance of being heard does not shrink as the list grows, as it would in a loop
 * over the prompt's words, whose confusions grow with the vocabulary.
 */
export function spottingGrammar(vocabulary: PromptVocabulary): string {
  const keyPhrases = vocabulary.keyPhrases.map(
    (ways) =>
      `/${KEY_PHRASE_WEIGHT}/ (${ways.map((words) => words.map((word) => withForms(word, vocabulary.forms)).join(' ')).join(' | ')})`,
  );
  const choices = [
    ...PHONES.map(phoneWord),
    ...[...new Set(keyPhrases)],
    ...vocabulary.hesitations.map((word) => `/${HESITATION_WEIGHT}/ ${word}`),
  ];
  return `${HEADER}public <answer> = ( ${choices.join(' | ')} )*;\n`;
}
