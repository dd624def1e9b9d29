/**
 * Digits spelled out the way a learner writes or says them, so that "21" and "twenty-one"
 * agree in dictation and "2024" is aligned as the words a speaker reads.
 */
const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: ReadonlyArray<[number, string]> = [
  [1_000_000, 'million'],
  [1_000, 'thousand'],
];
export const MAX_SPELLED_NUMBER = 999_999_999;

function wordsBelowHundred(n: number): string[] {
  if (n < 20) return [ONES[n] as string];
  const tens = TENS[Math.floor(n / 10)] as string;
  return n % 10 === 0 ? [tens] : [tens, ONES[n % 10] as string];
}

function wordsBelowThousand(n: number): string[] {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const head = hundreds > 0 ? [ONES[hundreds] as string, 'hundred'] : [];
  return rest > 0 || hundreds === 0 ? [...head, ...wordsBelowHundred(rest)] : head;
}

/** American style, without "and": 105 → one hundred five. */
export function cardinalWords(n: number): string[] {
  if (!Number.isInteger(n) || n < 0 || n > MAX_SPELLED_NUMBER) {
    throw new RangeError(`cannot spell ${n}`);
  }
  const words: string[] = [];
  let rest = n;
  for (const [size, name] of SCALES) {
    if (rest >= size) {
      words.push(...wordsBelowThousand(Math.floor(rest / size)), name);
      rest %= size;
    }
  }
  return rest > 0 || words.length === 0 ? [...words, ...wordsBelowThousand(rest)] : words;
}

const IRREGULAR_ORDINALS: Record<string, string> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
};

function ordinalOf(word: string): string {
  const irregular = IRREGULAR_ORDINALS[word];
  if (irregular) return irregular;
  return word.endsWith('y') ? `${word.slice(0, -1)}ieth` : `${word}th`;
}

/** 21 → twenty first. */
export function ordinalWords(n: number): string[] {
  const words = cardinalWords(n);
  const last = words.pop() as string;
  return [...words, ordinalOf(last)];
}

const CARDINAL = /^\d{1,3}(?:,\d{3})+$|^\d+$/u;
const ORDINAL = /^(\d+)(?:st|nd|rd|th)$/u;

/** The number words for a digit token, or null when it is not a whole number we spell. */
export function spellNumber(token: string): string[] | null {
  const ordinal = ORDINAL.exec(token);
  const digits = ordinal ? ordinal[1] : CARDINAL.test(token) ? token.replaceAll(',', '') : null;
  if (digits === null || digits === undefined) return null;
  const value = Number(digits);
  if (value > MAX_SPELLED_NUMBER) return null;
  return ordinal ? ordinalWords(value) : cardinalWords(value);
}

/**
 * A year as it is said: 1990 → nineteen ninety, 1905 → nineteen oh five, 2010 → twenty ten
 * (1100–1999 and 2010–2099); null for other numbers, which are said as cardinals.
 */
export function yearWords(n: number): string[] | null {
  const inRange = (n >= 1100 && n <= 1999) || (n >= 2010 && n <= 2099);
  if (!Number.isInteger(n) || !inRange) return null;
  const century = wordsBelowHundred(Math.floor(n / 100));
  const rest = n % 100;
  if (rest === 0) return [...century, 'hundred'];
  return rest < 10
    ? [...century, 'oh', ONES[rest] as string]
    : [...century, ...wordsBelowHundred(rest)];
}
