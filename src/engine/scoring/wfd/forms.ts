import type { Answer } from './answer.js';
import { contractionsOf, expansionsOf } from './contractions.js';
import type { WordOutcome } from './outcome.js';
import { wordKey, type Token } from './tokens.js';

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

/** A free atom that contracts these words: "it's" for "it is", "can't" for "cannot". */
function findContraction(answer: Answer, words: string[]): WordOutcome | null {
  for (const contraction of contractionsOf(words)) {
    const [atom] = answer.unused(contraction);
    if (atom !== undefined) {
      return { kind: 'contracted', written: answer.take([atom]), span: words.length };
    }
  }
  return null;
}

/** Free atom standing for words `first` and `first + 1`: contracted or joined. */
function findMerged(reference: Token[], answer: Answer, first: number): WordOutcome | null {
  const pair = [reference[first]!, reference[first + 1]!].map(wordKey);
  const contracted = findContraction(answer, pair);
  if (contracted) return contracted;
  const [atom] = answer.unused(pair.join(''));
  if (atom !== undefined) return { kind: 'joined', written: answer.take([atom]), span: 2 };
  return null;
}

/** The words of a missed word's answer that are right, but not in the form the sentence has. */
export function matchForms(reference: Token[], answer: Answer, outcomes: WordOutcome[]): void {
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
    const contracted = findContraction(answer, [key]);
    if (contracted) {
      outcomes[word] = contracted;
      return;
    }
    const split = findSplit(answer, key);
    if (split) outcomes[word] = { kind: 'split', written: answer.take(split) };
    else notFound.add(key);
  });
}
