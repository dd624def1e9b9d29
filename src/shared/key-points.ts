import type { KeyPointResult } from './contract/envelope.js';

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

/** A key point as the engine judged it: the response's `data.keyPoints` entry, or an old one. */
export interface EngineKeyPoint {
  text: string;
  heard: boolean;
  /** 0–1; null for a result stored before responses carried key points. */
  confidence: number | null;
  /** Milliseconds where it was heard; 0 and 0 when not heard or not known. */
  start: number;
  end: number;
}

/**
 * The key points of an rl or di result in the request's order: `data.keyPoints` as sent. A
 * result stored before responses carried them falls back on its content suggestion's lists
 * (covered first), without confidence or timing. Null when the result names none.
 */
export function engineKeyPoints(data: {
  keyPoints?: readonly KeyPointResult[] | undefined;
  components: readonly { name: string; suggestion: string | null }[];
}): EngineKeyPoint[] | null {
  if (data.keyPoints) return data.keyPoints.map((point) => ({ ...point }));
  const lists = parseKeyPoints(
    data.components.find((component) => component.name === 'score_content')?.suggestion,
  );
  if (!lists) return null;
  const old = (text: string, heard: boolean): EngineKeyPoint => ({
    text,
    heard,
    confidence: null,
    start: 0,
    end: 0,
  });
  return [
    ...lists.covered.map((text) => old(text, true)),
    ...lists.missed.map((text) => old(text, false)),
  ];
}
