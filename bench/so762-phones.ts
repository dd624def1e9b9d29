/**
 * Pairs the expert's expected phones with the aligned phones of a word by edit distance, since
 * the decoder may have chosen a dictionary variant with a phone more or fewer.
 * Returns, for each expert phone, the index of its aligned phone or -1.
 */
export function matchPhones(aligned: readonly string[], expert: readonly string[]): number[] {
  const expected = expert.map((phone) => phone.replace(/\d$/u, ''));
  const cost = Array.from({ length: expected.length + 1 }, (_, i) =>
    Array.from({ length: aligned.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= expected.length; i += 1) {
    for (let j = 1; j <= aligned.length; j += 1) {
      const substitution = expected[i - 1] === aligned[j - 1] ? 0 : 1;
      cost[i]![j] = Math.min(
        cost[i - 1]![j - 1]! + substitution,
        cost[i - 1]![j]! + 1,
        cost[i]![j - 1]! + 1,
      );
    }
  }
  const match = new Array<number>(expected.length).fill(-1);
  let i = expected.length;
  let j = aligned.length;
  while (i > 0 && j > 0) {
    const substitution = expected[i - 1] === aligned[j - 1] ? 0 : 1;
    if (cost[i]![j] === cost[i - 1]![j - 1]! + substitution) {
      match[i - 1] = j - 1;
      i -= 1;
      j -= 1;
    } else if (cost[i]![j] === cost[i - 1]![j]! + 1) i -= 1;
    else j -= 1;
  }
  return match;
}
