/** A share of the maximum (0–1) as a whole percentage, "72%"; a dash while there is none. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)}%`;
}
