/** Rows reused between calls: near-miss search compares many short words. */
let rows = [new Uint16Array(32), new Uint16Array(32), new Uint16Array(32)];

function rowsFor(length: number): Uint16Array[] {
  if (rows[0]!.length <= length) rows = rows.map(() => new Uint16Array(length * 2 + 1));
  return rows;
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions, transpositions.
 * With `limit`, stops as soon as the distance must exceed it and returns `limit + 1`.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  // Three rolling rows: the transposition step looks two rows back.
  let [before, previous, current] = rowsFor(b.length) as [Uint16Array, Uint16Array, Uint16Array];
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  let previousBest = 0;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, before[j - 2]! + 1);
      }
      current[j] = best;
      rowBest = Math.min(rowBest, best);
    }
    // Later rows never fall below min(this row, the row before + 1): a transposition
    // reaches two rows back for one edit.
    if (Math.min(rowBest, previousBest + 1) > limit) return limit + 1;
    previousBest = rowBest;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, limit + 1);
}

/** How many edits still count as a misspelling of a word of this length, not another word. */
export function misspellingTolerance(length: number): number {
  if (length <= 4) return 1;
  return length <= 8 ? 2 : 3;
}
