import type { KeyPointOrder, KeyPointResult } from './contract/envelope.js';
import { DEFAULT_PRECISION } from './contract/requests.js';

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
  /** rl: where it stands in the lecture's order, when heard and the lecture says it. */
  order?: KeyPointOrder;
}

/**
 * The key points of an rl or di result in the request's order: `data.keyPoints` as sent. A
 * result from an engine that sends none falls back on its content suggestion's lists, without
 * confidence or timing: the request's keywords, exactly as sent, each heard when the Covered
 * list names it (so "U.S. economy" stays one point), or else the lists' entries (covered
 * first). Null when the result names none.
 */
export function engineKeyPoints(
  data: {
    keyPoints?: readonly KeyPointResult[] | undefined;
    components: readonly { name: string; suggestion: string | null }[];
  },
  requestKeywords: readonly string[] = [],
): EngineKeyPoint[] | null {
  if (data.keyPoints) return data.keyPoints.map((point) => ({ ...point }));
  const suggestion = data.components.find(
    (component) => component.name === 'score_content',
  )?.suggestion;
  const old = (text: string, heard: boolean): EngineKeyPoint => ({
    text,
    heard,
    confidence: null,
    start: 0,
    end: 0,
  });
  const keywords = requestKeywords.map((keyword) => keyword.trim()).filter(Boolean);
  if (keywords.length > 0 && suggestion && /\b(?:Covered|Missed):/u.test(suggestion)) {
    const covered = coveredSection(suggestion);
    return keywords.map((keyword) => old(keyword, namesEntry(covered, keyword)));
  }
  const lists = parseKeyPoints(suggestion);
  if (!lists) return null;
  return [
    ...lists.covered.map((text) => old(text, true)),
    ...lists.missed.map((text) => old(text, false)),
  ];
}

/** The text of the Covered list: from "Covered:" to "Missed:" or the end. */
function coveredSection(suggestion: string): string {
  const from = suggestion.indexOf('Covered:');
  if (from < 0) return '';
  const rest = suggestion.slice(from + 'Covered:'.length);
  const to = rest.indexOf('Missed:');
  return (to < 0 ? rest : rest.slice(0, to)).trim();
}

/** Whether a list "a, b, c." holds `entry` as one of its entries. */
function namesEntry(list: string, entry: string): boolean {
  const escaped = entry.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  return new RegExp(`(?:^|, )${escaped}(?=, |\\.?$)`, 'u').test(list);
}

/** The keywords a stored request sent (rl, di), exactly; none when it sent none. */
export function requestKeywords(requestJson: string | null | undefined): string[] {
  const keywords = requestField(requestJson, 'keywords');
  return Array.isArray(keywords)
    ? keywords.filter((keyword): keyword is string => typeof keyword === 'string')
    : [];
}

/** The precision a stored request asked for, or the one the contract gives a request without. */
export function requestPrecision(requestJson: string | null | undefined): number {
  const precision = requestField(requestJson, 'precision');
  return typeof precision === 'number' && precision > 0 ? precision : DEFAULT_PRECISION;
}

function requestField(requestJson: string | null | undefined, name: string): unknown {
  try {
    const request: unknown = JSON.parse(requestJson ?? '{}');
    return typeof request === 'object' && request !== null
      ? (request as Record<string, unknown>)[name]
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a content suggestion says besides its key point lists, shown where the key points are
 * listed on their own: the text before its first list. The lists are never re-read from it.
 */
export function suggestionSummary(suggestion: string): string {
  const first = /\b(?:Covered|Missed):/u.exec(suggestion);
  return first ? suggestion.slice(0, first.index).trim() : suggestion;
}
