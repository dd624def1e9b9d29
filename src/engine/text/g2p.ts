import { MAX_SPELLING_LENGTH, spellingTable } from './spelling-rules.js';

/**
 * Rule-based letter-to-sound for words the CMU dictionary lacks: greedy longest spelling,
 * first (most common) reading, with the usual English context rules below. It is a fallback
 * for names and coinages, not a substitute for the dictionary.
 */
export function guessPronunciation(word: string): string[] {
  const letters = word.toLowerCase().replace(/[^a-z']/gu, '');
  const phones: string[] = [];
  let i = 0;
  while (i < letters.length) {
    const [spelling, reading] = longestSpelling(letters, i);
    phones.push(...contextReading(letters, i, spelling, reading));
    i += spelling.length;
  }
  return phones.length > 0 ? collapseRepeats(phones) : ['AH'];
}

function longestSpelling(letters: string, at: number): [string, readonly string[]] {
  for (let size = Math.min(MAX_SPELLING_LENGTH, letters.length - at); size > 0; size -= 1) {
    const spelling = letters.slice(at, at + size);
    const readings = spellingTable.get(spelling);
    if (readings?.[0]) return [spelling, readings[0]];
  }
  return [letters.charAt(at), []];
}

function contextReading(
  letters: string,
  at: number,
  spelling: string,
  reading: readonly string[],
): readonly string[] {
  const next = letters.charAt(at + spelling.length);
  const isLast = at + spelling.length === letters.length;
  if (spelling === 'e' && isLast && at > 1) return [];
  if (spelling === 'c' && /[eiy]/u.test(next)) return ['S'];
  if (spelling === 'g' && /[ei]/u.test(next) && at > 0) return ['JH'];
  if (spelling === 'y' && at === 0) return ['Y'];
  if (spelling === 's' && isLast && at > 0) return ['Z'];
  return reading;
}

/** Doubled letters ("ll", "ss") spell one sound. */
function collapseRepeats(phones: string[]): string[] {
  return phones.filter((phone, index) => index === 0 || phones[index - 1] !== phone);
}
