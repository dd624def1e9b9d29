import type { TextWord } from './lexicon.js';

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

/** Free speech (rl/di): any sequence of the given vocabulary, in any order and number. */
export function vocabularyGrammar(words: readonly TextWord[]): string {
  const choices = [...new Set(words.map(phrase))].join(' | ');
  return `${HEADER}public <answer> = <word>*;\n<word> = ${choices};\n`;
}
