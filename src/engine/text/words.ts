import { spellNumber } from './numbers.js';

/** A word of the reference text: as written, and the dictionary words a speaker says for it. */
export interface TextWord {
  display: string;
  spoken: string[];
}

export function tokenize(text: string): TextWord[] {
  return text
    .split(/[\s\u2014\u2013]+|(?<=\w)-(?=\w)/u)
    .map((token) => token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((token) => token !== '')
    .map((display) => ({ display, spoken: spokenForm(display) }))
    .filter((word) => word.spoken.length > 0);
}

function spokenForm(token: string): string[] {
  const spelled = spellNumber(token);
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
