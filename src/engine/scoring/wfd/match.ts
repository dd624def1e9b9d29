import { addTo, Answer } from './answer.js';
import { matchForms } from './forms.js';
import { matchNearMisses } from './near-miss.js';
import type { MatchResult, WordOutcome } from './outcome.js';
import { isAmbiguousVariant } from './spelling.js';
import { spelledKey, wordKey, type Token } from './tokens.js';

/** Ends of the reference word's parts: the only places the answer may break it. */
function partEnds(token: Token): Set<number> {
  const ends = new Set<number>();
  let length = 0;
  for (const part of token.parts) ends.add((length += part.key.length));
  return ends;
}

/**
 * Adjacent unused atoms from `start` spelling `key`, each break falling where the
 * reference word has a hyphen (or a number's word break), or null.
 */
function runFrom(answer: Answer, start: number, key: string, ends: Set<number>): number[] | null {
  const run: number[] = [];
  let length = 0;
  for (let index = start; length < key.length; index++) {
    if (!answer.isFree(index)) return null;
    const atom = answer.atoms[index]!;
    if (!key.startsWith(atom.key, length) || !ends.has(length + atom.key.length)) return null;
    length += atom.key.length;
    run.push(index);
  }
  return run;
}

function findRun(answer: Answer, token: Token): number[] | null {
  const key = wordKey(token);
  const ends = partEnds(token);
  for (const end of ends) {
    for (const start of answer.unused(key.slice(0, end))) {
      const run = runFrom(answer, start, key, ends);
      if (run) return run;
    }
  }
  return null;
}

/** How well an answer atom's neighbours agree with a reference word's. */
function contextAgreement(reference: Token[], word: number, answer: Answer, atom: number) {
  const before = reference[word - 1];
  const after = reference[word + 1];
  return (
    Number(before !== undefined && answer.atoms[atom - 1]?.key === wordKey(before)) +
    Number(after !== undefined && answer.atoms[atom + 1]?.key === wordKey(after))
  );
}

/**
 * A word the sentence repeats but the answer holds fewer times: each written copy goes
 * to the occurrence whose neighbours it shares, else the nearest by relative position,
 * so the copy left unmarked is the one the learner actually left out.
 */
function assignRepeated(reference: Token[], words: number[], atoms: number[], answer: Answer) {
  const free = new Set(words);
  const pairs: Array<[number, number]> = [];
  for (const atom of atoms) {
    let best = -1;
    let bestScore = -Infinity;
    for (const word of free) {
      const distance = Math.abs(word / reference.length - atom / Math.max(answer.atoms.length, 1));
      const score = contextAgreement(reference, word, answer, atom) * 2 - distance;
      if (score > bestScore) [best, bestScore] = [word, score];
    }
    free.delete(best);
    pairs.push([best, atom]);
  }
  return pairs;
}

function variantNote(token: Token, answer: Answer, atoms: number[]): string | null {
  const written = atoms.map((index) => answer.atoms[index]!.spelled).join('');
  const expected = spelledKey(token);
  if (written === expected) return null;
  return isAmbiguousVariant(written) || isAmbiguousVariant(expected) ? answer.text(atoms) : null;
}

/** Exact matches: words of several parts first (they are pickier), then single words by key. */
function matchExact(reference: Token[], answer: Answer, outcomes: WordOutcome[]): void {
  const correct = (word: number, atoms: number[]) => {
    const variant = variantNote(reference[word]!, answer, atoms);
    answer.take(atoms);
    outcomes[word] = { kind: 'correct', variant };
  };
  const single = new Map<string, number[]>();
  const notFound = new Set<string>();
  reference.forEach((token, word) => {
    const key = wordKey(token);
    if (token.parts.length === 1) {
      addTo(single, key, word);
      return;
    }
    if (notFound.has(key)) return;
    const run = findRun(answer, token);
    if (run) correct(word, run);
    else notFound.add(key);
  });
  for (const [key, words] of single) {
    const atoms = answer.unused(key);
    if (atoms.length >= words.length) {
      words.forEach((word, index) => correct(word, [atoms[index]!]));
    } else {
      assignRepeated(reference, words, atoms, answer).forEach(([word, atom]) =>
        correct(word, [atom]),
      );
    }
  }
}

/**
 * Order-free matching: each reference word is found in the answer at most once, and each
 * answer word serves at most one reference word. Exact matches are settled first, then
 * the same words in another form (contractions, compounds), then near misses, so a
 * misspelling never takes the word another reference word needed. Lookups go through a
 * key index, so the cost grows with the words' number, not the product of both counts,
 * except for near misses, computed once per pair of distinct words, with a bounded distance.
 */
export function matchAnswer(reference: Token[], answerTokens: Token[]): MatchResult {
  const answer = new Answer(answerTokens);
  const outcomes: WordOutcome[] = reference.map(() => ({ kind: 'missed' }));
  matchExact(reference, answer, outcomes);
  matchForms(reference, answer, outcomes);
  matchNearMisses(reference, answer, outcomes);
  return { outcomes, extras: answer.extras() };
}
