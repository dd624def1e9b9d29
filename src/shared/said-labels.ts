/** The labels of a word heard said (rs: a reference word the engine kept as said). */
const SAID_LABELS: ReadonlySet<string> = new Set(['Good', 'Average', 'Bad']);

export function isSaidLabel(label: string): boolean {
  return SAID_LABELS.has(label);
}

/** rs: the label of a word of the sentence: heard said, or `Missing`. */
export function isSentenceWordLabel(label: string): boolean {
  return isSaidLabel(label) || label === 'Missing';
}
