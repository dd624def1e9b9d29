/**
 * An item's keywords as the examiner edits them: one entry a line, each kept exactly as
 * written (trimmed), so "U.S. economy" and "climate, change" stay one key point each.
 */
export function keywordLines(keywords: readonly string[]): string {
  return keywords.join('\n');
}

/** The entries of the keyword box: its non-empty lines, trimmed; never split at punctuation. */
export function keywordsFromLines(text: string): string[] {
  return text
    .split(/\r?\n/u)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
