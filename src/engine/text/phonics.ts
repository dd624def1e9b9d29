import { MAX_SPELLING_LENGTH, spellingTable } from './spelling-rules.js';

/** A run of the word's letters and the phones it spells. */
export interface SpellingPiece {
  spell: string;
  phones: number[];
}

const MISMATCH_COST = 2;
const SILENT_COST = 1.5;
const SPLIT_COST = 3;
const MAX_PHONES_PER_PIECE = 3;

/**
 * Splits a word's letters into pieces, one per phone or phone group (x → K S), by the cheapest
 * path through the spelling table; silent letters join the piece before them.
 */
export function alignSpelling(word: string, phones: readonly string[]): SpellingPiece[] {
  const letters = word.toLowerCase();
  const best = bestPaths(letters, phones);
  if (best[letters.length]?.[phones.length]?.cost === Infinity) {
    return [{ spell: word, phones: phones.map((_, index) => index) }];
  }
  const pieces = backtrack(best, word, phones.length);
  return mergeSilent(pieces);
}

interface Step {
  cost: number;
  from: [number, number] | null;
}

function bestPaths(letters: string, phones: readonly string[]): Step[][] {
  const table: Step[][] = Array.from({ length: letters.length + 1 }, () =>
    Array.from({ length: phones.length + 1 }, () => ({ cost: Infinity, from: null })),
  );
  table[0]![0]!.cost = 0;
  for (let i = 0; i < letters.length; i += 1) {
    for (let j = 0; j <= phones.length; j += 1) {
      const here = table[i]![j]!.cost;
      if (here === Infinity) continue;
      relaxFrom(table, letters, phones, i, j, here);
    }
  }
  return table;
}

function relaxFrom(
  table: Step[][],
  letters: string,
  phones: readonly string[],
  i: number,
  j: number,
  here: number,
): void {
  for (let size = 1; size <= MAX_SPELLING_LENGTH && i + size <= letters.length; size += 1) {
    for (let count = 0; count <= MAX_PHONES_PER_PIECE && j + count <= phones.length; count += 1) {
      const cost = pieceCost(letters.slice(i, i + size), phones.slice(j, j + count));
      const target = table[i + size]![j + count]!;
      if (here + cost < target.cost) {
        target.cost = here + cost;
        target.from = [i, j];
      }
    }
  }
}

function pieceCost(spelling: string, phones: readonly string[]): number {
  if (readsAs(spelling, phones)) return 0;
  const single = spelling.charAt(0);
  if (spelling.length === 2 && spelling.charAt(1) === single && readsAs(single, phones)) return 0.2;
  if (spelling.length > 1) return Infinity;
  if (phones.length === 0) return SILENT_COST;
  if (phones.length === 1) return MISMATCH_COST;
  return phones.length === 2 ? SPLIT_COST : Infinity;
}

function readsAs(spelling: string, phones: readonly string[]): boolean {
  const readings = spellingTable.get(spelling);
  return readings?.some((reading) => reading.join(' ') === phones.join(' ')) ?? false;
}

/** `word` is sliced as written, so pieces keep the learner-facing capitals. */
function backtrack(table: Step[][], word: string, phoneCount: number): SpellingPiece[] {
  const pieces: SpellingPiece[] = [];
  let at: [number, number] = [word.length, phoneCount];
  while (at[0] > 0) {
    const from = table[at[0]]![at[1]]!.from;
    if (!from) break;
    const phones = Array.from({ length: at[1] - from[1] }, (_, k) => from[1] + k);
    pieces.unshift({ spell: word.slice(from[0], at[0]), phones });
    at = from;
  }
  return pieces;
}

function mergeSilent(pieces: SpellingPiece[]): SpellingPiece[] {
  const merged: SpellingPiece[] = [];
  let pendingSpell = '';
  for (const piece of pieces) {
    const last = merged.at(-1);
    if (piece.phones.length > 0) {
      merged.push({ spell: pendingSpell + piece.spell, phones: piece.phones });
      pendingSpell = '';
    } else if (last) {
      last.spell += piece.spell;
    } else {
      pendingSpell += piece.spell;
    }
  }
  return merged;
}
