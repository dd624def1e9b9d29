import { addTo, type Answer, type Atom } from './answer.js';
import { editDistance, misspellingTolerance } from './edit-distance.js';
import { isEnglishWord } from './lexicon.js';
import type { NearMiss, WordOutcome } from './outcome.js';
import { wordKey, type Token } from './tokens.js';

const withoutApostrophes = (text: string) => text.replaceAll("'", '');

function nearMissReason(written: Atom, token: Token): NearMiss {
  // Compared as keys, so "colors" for "colour's" is an apostrophe, not another word.
  if (withoutApostrophes(written.key) === withoutApostrophes(wordKey(token))) return 'apostrophe';
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
export function matchNearMisses(reference: Token[], answer: Answer, outcomes: WordOutcome[]): void {
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
