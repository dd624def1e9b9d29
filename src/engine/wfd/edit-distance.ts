/** Optimal string alignment distance: insertions, deletions, substitutions, transpositions. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  // Three rolling rows: the transposition step looks two rows back.
  let before = new Uint16Array(b.length + 1);
  let previous = Uint16Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Uint16Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, before[j - 2]! + 1);
      }
      current[j] = best;
    }
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}

/** How many edits still count as a misspelling of a word of this length, not another word. */
export function misspellingTolerance(length: number): number {
  if (length <= 4) return 1;
  return length <= 8 ? 2 : 3;
}
