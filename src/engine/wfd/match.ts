import { contractionsOf, expansionsOf } from './contractions.js';
import { editDistance, misspellingTolerance } from './edit-distance.js';
import { isEnglishWord } from './lexicon.js';
import { isAmbiguousVariant } from './spelling.js';
import { spelledKey, wordKey, type Token } from './tokens.js';

/** Why a near miss earned nothing: the notes word each one differently. */
export type NearMiss = 'spelling' | 'apostrophe' | 'wrongWord';

/**
 * What became of one reference word. `written` is the answer's text that stood for it.
 * `expanded`: a contraction written out ("it is" for "It's"); `contracted`: the reverse;
 * `split`: a closed compound written as two words; `joined`: two words written as one.
 * `contracted` and `joined` cover several reference words: `span` counts them, on the first.
 */
export type WordOutcome =
  | { kind: 'correct'; variant: string | null }
  | { kind: 'nearMiss'; written: string; reason: NearMiss }
  | { kind: 'expanded' | 'split'; written: string }
  | { kind: 'contracted' | 'joined'; written: string; span: number }
  | { kind: 'covered' }
  | { kind: 'missed' };

export interface MatchResult {
  outcomes: WordOutcome[];
  /** Answer words that no reference word used (not penalised, reported in the notes). */
  extras: string[];
}

/** One comparison key of the answer, in order; neighbours in the array are adjacent. */
interface Atom {
  key: string;
  spelled: string;
  display: string;
  token: number;
  used: boolean;
}

function addTo<K, V>(groups: Map<K, V[]>, key: K, value: V): void {
  const group = groups.get(key);
  if (group) group.push(value);
  else groups.set(key, [value]);
}

class Answer {
  readonly atoms: Atom[];
  private readonly byKey = new Map<string, number[]>();

  constructor(readonly tokens: Token[]) {
    this.atoms = tokens.flatMap((token, index) =>
      token.parts.map((part) => ({ ...part, token: index, used: false })),
    );
    this.atoms.forEach((atom, index) => addTo(this.byKey, atom.key, index));
  }

  /** Unused atoms with this key, in answer order. */
  unused(key: string): number[] {
    return (this.byKey.get(key) ?? []).filter((index) => !this.atoms[index]!.used);
  }

  isFree(index: number): boolean {
    const atom = this.atoms[index];
    return atom !== undefined && !atom.used;
  }

  take(indices: readonly number[]): string {
    indices.forEach((index) => (this.atoms[index]!.used = true));
    return this.text(indices);
  }

  /** The written words behind these atoms, as typed. */
  text(indices: readonly number[]): string {
    const tokens = [...new Set(indices.map((index) => this.atoms[index]!.token))];
    return tokens.map((token) => this.tokens[token]!.display).join(' ');
  }

  /** Answer words none of whose atoms were used. */
  extras(): string[] {
    const used = new Set(this.atoms.filter((atom) => atom.used).map((atom) => atom.token));
    return this.tokens.filter((_, index) => !used.has(index)).map((token) => token.display);
  }
}

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

/** "it is" (two adjacent free atoms) for "It's", or "cannot" for "can't". */
function findExpansion(answer: Answer, key: string): number[] | null {
  for (const words of expansionsOf(key)) {
    for (const start of answer.unused(words[0]!)) {
      const run = words.map((_, offset) => start + offset);
      if (
        run.every(
          (index, offset) => answer.isFree(index) && answer.atoms[index]!.key === words[offset],
        )
      )
        return run;
    }
  }
  return null;
}

/** A closed compound comes apart in two or three pieces ("never the less"), not more. */
const MOST_PIECES = 3;

/** Two or three adjacent free atoms that spell a one-part word: "every one" for "everyone". */
function findSplit(answer: Answer, key: string): number[] | null {
  for (let end = 1; end < key.length; end++) {
    for (const start of answer.unused(key.slice(0, end))) {
      const run = [start];
      let length = end;
      while (length < key.length && run.length < MOST_PIECES && answer.isFree(start + run.length)) {
        const next = answer.atoms[start + run.length]!.key;
        if (!key.startsWith(next, length) || next === '') break;
        length += next.length;
        run.push(start + run.length);
      }
      if (length === key.length) return run;
    }
  }
  return null;
}

/** Free atom standing for words `first` and `first + 1`: contracted or joined. */
function findMerged(reference: Token[], answer: Answer, first: number): WordOutcome | null {
  const pair = [reference[first]!, reference[first + 1]!].map(wordKey);
  for (const contraction of contractionsOf(pair)) {
    const [atom] = answer.unused(contraction);
    if (atom !== undefined) return { kind: 'contracted', written: answer.take([atom]), span: 2 };
  }
  const [atom] = answer.unused(pair.join(''));
  if (atom !== undefined) return { kind: 'joined', written: answer.take([atom]), span: 2 };
  return null;
}

/** The words of a missed word's answer that are right, but not in the form the sentence has. */
function matchForms(reference: Token[], answer: Answer, outcomes: WordOutcome[]): void {
  // Answer words are only ever used up, so a word not found in another form stays so.
  const notFound = new Set<string>();
  reference.forEach((token, word) => {
    if (outcomes[word]?.kind !== 'missed') return;
    const next = reference[word + 1];
    if (
      next?.parts.length === 1 &&
      token.parts.length === 1 &&
      outcomes[word + 1]?.kind === 'missed'
    ) {
      const merged = findMerged(reference, answer, word);
      if (merged) {
        outcomes[word] = merged;
        outcomes[word + 1] = { kind: 'covered' };
        return;
      }
    }
    const key = wordKey(token);
    if (token.parts.length !== 1 || notFound.has(key)) return;
    const expansion = findExpansion(answer, key);
    if (expansion) {
      outcomes[word] = { kind: 'expanded', written: answer.take(expansion) };
      return;
    }
    const split = findSplit(answer, key);
    if (split) outcomes[word] = { kind: 'split', written: answer.take(split) };
    else notFound.add(key);
  });
}

const withoutApostrophes = (text: string) => text.replaceAll("'", '');

function nearMissReason(written: Atom, token: Token): NearMiss {
  if (withoutApostrophes(written.spelled) === withoutApostrophes(spelledKey(token)))
    return 'apostrophe';
  return isEnglishWord(written.spelled) ? 'wrongWord' : 'spelling';
}

/** Free answer atoms grouped by key, in answer order: near misses compare distinct words. */
function freeByKey(answer: Answer): Map<string, number[]> {
  const free = new Map<string, number[]>();
  answer.atoms.forEach((atom, index) => {
    if (!atom.used) addTo(free, atom.key, index);
  });
  return free;
}

/** Answer keys within the misspelling tolerance of `key`, closest first. */
function nearKeys(key: string, free: Map<string, number[]>): string[] {
  const tolerance = misspellingTolerance(key.length);
  const near: Array<[string, number]> = [];
  for (const written of free.keys()) {
    const distance = editDistance(written, key, tolerance);
    if (distance <= tolerance && distance < Math.max(written.length, key.length))
      near.push([written, distance]);
  }
  return near.sort((a, b) => a[1] - b[1]).map(([written]) => written);
}

/**
 * Each distinct missed word is compared once with each distinct free answer word, so
 * a sentence that repeats a word costs no more than one that says it once.
 */
function matchNearMisses(reference: Token[], answer: Answer, outcomes: WordOutcome[]): void {
  const free = freeByKey(answer);
  const missed = new Map<string, number[]>();
  reference.forEach((token, word) => {
    if (outcomes[word]?.kind !== 'missed') return;
    addTo(missed, wordKey(token), word);
  });
  for (const [key, words] of missed) {
    const candidates = nearKeys(key, free).flatMap((written) => free.get(written)!);
    for (const word of words) {
      const near = candidates.find((atom) => answer.isFree(atom));
      if (near === undefined) break;
      const reason = nearMissReason(answer.atoms[near]!, reference[word]!);
      outcomes[word] = { kind: 'nearMiss', written: answer.take([near]), reason };
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
