/** Area under the ROC curve: the chance a positive scores above a negative (ties count half). */
export function rocArea(positives: readonly number[], negatives: readonly number[]): number {
  const all = [
    ...positives.map((value) => ({ value, positive: true })),
    ...negatives.map((value) => ({ value, positive: false })),
  ].sort((a, b) => a.value - b.value);
  let rankSum = 0;
  for (let start = 0; start < all.length;) {
    let end = start;
    while (end < all.length && all[end]!.value === all[start]!.value) end += 1;
    const rank = (start + 1 + end) / 2;
    rankSum += all.slice(start, end).filter((item) => item.positive).length * rank;
    start = end;
  }
  const p = positives.length;
  return p === 0 || negatives.length === 0
    ? 0
    : (rankSum - (p * (p + 1)) / 2) / (p * negatives.length);
}
