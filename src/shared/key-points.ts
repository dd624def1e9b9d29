/** The content suggestion of rl and di split into what it says and the key points it lists. */
export interface KeyPointsSuggestion {
  /** The sentences around the lists ("The answer covers some key points (3 of 6)."). */
  summary: string;
  covered: string[];
  missed: string[];
}

const MARKER = /\b(Covered|Missed):/gu;

/**
 * Reads "… Covered: a, b. Missed: c." into its two lists; either list may be absent. Null when
 * the suggestion names no key points, so the caller shows it as plain text.
 */
export function parseKeyPoints(suggestion: string | null | undefined): KeyPointsSuggestion | null {
  if (!suggestion) return null;
  const markers = [...suggestion.matchAll(MARKER)];
  if (markers.length === 0) return null;
  const lists: Record<'Covered' | 'Missed', string[]> = { Covered: [], Missed: [] };
  const rest = [suggestion.slice(0, markers[0]!.index)];
  markers.forEach((marker, index) => {
    const from = marker.index + marker[0].length;
    const to = markers[index + 1]?.index ?? suggestion.length;
    const { items, after } = splitList(suggestion.slice(from, to));
    lists[marker[1] as 'Covered' | 'Missed'].push(...items);
    rest.push(after);
  });
  const summary = rest
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return { summary, covered: lists.Covered, missed: lists.Missed };
}

/** A list runs to the first full stop that ends a sentence; what follows is ordinary text. */
function splitList(section: string): { items: string[]; after: string } {
  const end = /\.(?:\s|$)/u.exec(section);
  const list = end ? section.slice(0, end.index) : section;
  const items = list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return { items, after: end ? section.slice(end.index + 1) : '' };
}
