import { createRequire } from 'node:module';
import { isContraction } from './contractions.js';

let words: ReadonlySet<string> | null = null;

/** ~275,000 English words (an-array-of-english-words, MIT), read on first use only. */
function englishWords(): ReadonlySet<string> {
  words ??= new Set(createRequire(import.meta.url)('an-array-of-english-words') as string[]);
  return words;
}

/**
 * Whether a folded written word is correctly spelled English in itself, so that the notes
 * call "for" written for "four" a wrong word rather than a misspelling.
 */
export function isEnglishWord(spelled: string): boolean {
  if (isContraction(spelled)) return true;
  const possessive = /^(.+?)(?:'s|s')$/u.exec(spelled);
  return englishWords().has(possessive ? (possessive[1] as string) : spelled);
}
