import { spellNumber, yearWords } from './numbers.js';

/** A word of the reference text: as written, and the dictionary words a speaker says for it. */
export interface TextWord {
  display: string;
  spoken: string[];
}

/** The dictionary words said for `words`, counted: a number or an abbreviation says several. */
export function spokenWordCount(words: readonly TextWord[]): number {
  return words.reduce((count, word) => count + word.spoken.length, 0);
}

export function tokenize(text: string): TextWord[] {
  return text
    .split(/[\s\u2014\u2013]+|(?<=\w)-(?=\w)/u)
    .map(trimmed)
    .filter((token) => token !== '')
    .map((display) => ({ display, spoken: spokenForm(display) }))
    .filter((word) => word.spoken.length > 0);
}

/** A token without the punctuation around it, but "U.S." keeps the stop that is part of it. */
function trimmed(token: string): string {
  const word = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  const stopped = `${word}.`;
  return DOTTED_ABBREVIATION.test(stopped) && token.includes(stopped) ? stopped : word;
}

/**
 * Abbreviations said as words rather than letter by letter ("e.g. governments"); the first
 * way is the usual one.
 */
const SAID_AS_WORDS: ReadonlyMap<string, readonly (readonly string[])[]> = new Map([
  ['eg', [['for', 'example']]],
  ['ie', [['that', 'is']]],
  ['etc', [['et', 'cetera']]],
  ['vs', [['versus']]],
  ['%', [['percent']]],
]);

/** "U.S.", "e.g", "U.K.": two letters or more, each followed by a stop (the last may lack it). */
const DOTTED_ABBREVIATION = /^(?:\p{L}\.)+\p{L}\.?$/u;

/**
 * The ways an abbreviation is said: as its words where it has them ("e.g.", "etc"), then, where
 * dotted, as its letters ("U.S." → u s). None for any other token.
 */
export function abbreviationReadings(token: string): string[][] {
  const letters = token.replace(/\./gu, '').toLowerCase();
  const words = (SAID_AS_WORDS.get(letters) ?? []).map((choice) => [...choice]);
  return DOTTED_ABBREVIATION.test(token) ? [...words, [...letters]] : words;
}

/**
 * What a speaker says for a written token: a dotted abbreviation as its words or its letters
 * ("U.S." → u s, not the pronoun "us"), 1100–1999 as a year ("1990" → nineteen ninety), other
 * numbers as cardinals or ordinals ("2024" is said both ways: "two thousand twenty four" is
 * kept, as before).
 */
function spokenForm(token: string): string[] {
  if (DOTTED_ABBREVIATION.test(token)) return abbreviationReadings(token)[0]!;
  const spelled = (/^1\d{3}$/u.test(token) ? yearWords(Number(token)) : null) ?? spellNumber(token);
  if (spelled) return spelled;
  const word = token
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u2018\u2019]/gu, "'")
    .replace(/[^a-z0-9']/gu, '');
  return word.replace(/'/gu, '') === '' ? [] : [word];
}

/**
 * A text's sentences, each as its words. A dotted abbreviation ("U.S.", "e.g.") ends no
 * sentence: "The U.S. economy grew" split there made "the us" a sentence of two words, which
 * a Retell Lecture phrase could be taken for.
 */
export function sentencesOf(text: string): TextWord[][] {
  return text
    .split(/(?<!(?:^|[\s(])(?:\p{L}\.)+\p{L})[.!?;:]+(?:\s+|$)/u)
    .map(tokenize)
    .filter((words) => words.length > 0);
}
