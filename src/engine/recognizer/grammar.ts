import type { TextWord } from '../text/words.js';

const HEADER = '#JSGF V1.0;\ngrammar answer;\n';

function phrase(word: TextWord): string {
  return word.spoken.length === 1 ? (word.spoken[0] ?? '') : `(${word.spoken.join(' ')})`;
}

/**
 * Repeat Sentence: the reference words in order, each one optional, so a skipped word is simply
 * not on the path. The decoder's filler models (silence, noise, +SPN+ speech garbage) may sit
 * between any two words and absorb hesitations and inserted sounds.
 */
export function sequenceGrammar(words: readonly TextWord[]): string {
  return `${HEADER}public <answer> = ${words.map((word) => `[${phrase(word)}]`).join(' ')};\n`;
}

/** A hesitation is chosen over a prompt word only where the sound fits it far better. */
const HESITATION_WEIGHT = 0.005;

export interface PromptVocabulary {
  /** The prompt's sentences, each in order. */
  sentences: readonly (readonly TextWord[])[];
  /** Any prompt word alone, for points made in other words or another order. */
  promptWords: readonly TextWord[];
  /** Other forms each dictionary word may be said in ("melt": "melts", "melted", "melting"). */
  forms: ReadonlyMap<string, readonly string[]>;
  /** Dictionary words for hesitations ("um", "uh"). */
  hesitations: readonly string[];
}

function withForms(word: TextWord, forms: PromptVocabulary['forms']): string {
  const other = word.spoken.length === 1 ? (forms.get(word.spoken[0]!) ?? []) : [];
  return other.length > 0 ? `(${[phrase(word), ...other].join(' | ')})` : phrase(word);
}

/**
 * A phrase as (part of) one prompt sentence: any of the sentences, its words in order, each
 * one optional, key words in any regular inflection. The word-to-word transitions of the
 * prompt, without a loop: a loop over optional words costs the decoder twenty times as much.
 * Null when the prompt has no sentence (a request of keywords only).
 */
export function promptSentenceGrammar(vocabulary: PromptVocabulary): string | null {
  if (vocabulary.sentences.length === 0) return null;
  const sentences = vocabulary.sentences.map(
    (sentence) => `(${sentence.map((word) => `[${withForms(word, vocabulary.forms)}]`).join(' ')})`,
  );
  return `${HEADER}public <answer> = ${[...new Set(sentences)].join(' | ')};\n`;
}

/**
 * A phrase in the answer's own words: any prompt word (with its forms) in any order and
 * number, or a hesitation. The decoder's filler models absorb the words outside the prompt.
 */
export function promptWordGrammar(vocabulary: PromptVocabulary): string | null {
  const choices = [
    ...vocabulary.promptWords.map((word) => withForms(word, vocabulary.forms)),
    ...vocabulary.hesitations.map((word) => `/${HESITATION_WEIGHT}/ ${word}`),
  ];
  if (choices.length === 0) return null;
  return `${HEADER}public <answer> = ( ${[...new Set(choices)].join(' | ')} )*;\n`;
}
