import { cardinalWords, yearWords } from './numbers.js';
import { abbreviationReadings, tokenize } from './words.js';

/**
 * The ways a key phrase (one `keywords` entry, as sent) may be said, each a list of dictionary
 * words: punctuation and commas dropped ("climate, change"), hyphens split ("well-known"),
 * dotted abbreviations letter by letter ("U.S." → u s) or as their words ("e.g." → for
 * example), years and decades as said ("1990" → nineteen ninety or one thousand nine hundred
 * ninety; "1990s" → nineteen nineties). The first way is the plain reading.
 */
export function spokenVariants(phrase: string): string[][] {
  const tokens = phrase
    .replace(/%/gu, ' % ')
    .split(/[\s,;:\u2014\u2013]+/u)
    .filter((token) => token !== '');
  let variants: string[][] = [[]];
  for (const token of tokens) {
    const choices = tokenChoices(token);
    if (choices.length === 0) continue;
    variants = variants.flatMap((head) => choices.map((choice) => [...head, ...choice]));
  }
  const seen = new Set<string>();
  return variants.filter((words) => {
    const key = words.join(' ');
    if (words.length === 0 || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The ways one written token is said (several for numbers and abbreviations). */
function tokenChoices(token: string): string[][] {
  const abbreviation = abbreviationReadings(token.replace(/^[^\p{L}%]+|[^\p{L}.%]+$/gu, ''));
  if (abbreviation.length > 0) return abbreviation;
  const bare = token.replace(/^[^\p{L}\p{N}%]+|[^\p{L}\p{N}%]+$/gu, '').toLowerCase();
  const decade = /^(\d{3}0)'?s$/u.exec(bare);
  if (decade) return decadeChoices(Number(decade[1]));
  if (/^\d+$/u.test(bare)) return numberChoices(Number(bare));
  const spoken = tokenize(bare).flatMap((word) => word.spoken);
  return spoken.length > 0 ? [spoken] : [];
}

function numberChoices(value: number): string[][] {
  const year = yearWords(value);
  const cardinal = Number.isSafeInteger(value) ? cardinalWords(value) : [];
  return [...(year ? [year] : []), ...(cardinal.length > 0 ? [cardinal] : [])];
}

/** 1990s → nineteen nineties: the year's last word made plural. */
function decadeChoices(value: number): string[][] {
  return numberChoices(value).map((words) => {
    const last = words.at(-1)!;
    const plural = last.endsWith('y') ? `${last.slice(0, -1)}ies` : `${last}s`;
    return [...words.slice(0, -1), plural];
  });
}
