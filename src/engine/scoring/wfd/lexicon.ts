import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isContraction } from './contractions.js';

let words: readonly string[] | null = null;

/**
 * ~275,000 English words (an-array-of-english-words, MIT), read on first use. Splitting
 * the text and searching the sorted array costs a tenth of parsing it into a Set, so the
 * first request that needs it does not stall the server.
 */
function englishWords(): readonly string[] {
  if (words) return words;
  const text = readFileSync(
    createRequire(import.meta.url).resolve('an-array-of-english-words'),
    'utf8',
  );
  // Without a backslash no string in the JSON array can hold a quote: splitting is exact.
  const list = !text.includes('\\')
    ? text.slice(text.indexOf('"') + 1, text.lastIndexOf('"')).split(/",\s*"/u)
    : (JSON.parse(text) as string[]);
  words = list.every((word, index) => index === 0 || list[index - 1]! < word) ? list : list.sort();
  return words;
}

function listed(word: string): boolean {
  const list = englishWords();
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const candidate = list[middle]!;
    if (candidate === word) return true;
    if (candidate < word) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/**
 * Whether a folded written word is correctly spelled English in itself, so that the notes
 * call "for" written for "four" a wrong word rather than a misspelling.
 */
export function isEnglishWord(spelled: string): boolean {
  if (isContraction(spelled)) return true;
  const possessive = /^(.+?)(?:'s|s')$/u.exec(spelled);
  return listed(possessive ? (possessive[1] as string) : spelled);
}
