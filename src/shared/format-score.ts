/** A score to at most two decimals, "3.6"; a dash while there is none. */
export function formatScore(score: number | null): string {
  return score === null ? '—' : String(Math.round(score * 100) / 100);
}

/** A score with its maximum: "3.6 / 5", "8 / 11"; the maximum left out when unknown or 0. */
export function formatScoreOf(score: number | null, max: number | null): string {
  if (score === null) return '—';
  return max !== null && max > 0
    ? `${formatScore(score)} / ${formatScore(max)}`
    : formatScore(score);
}
