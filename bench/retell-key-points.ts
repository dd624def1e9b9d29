/**
 * The engine's key-point decisions as a client sees them: `data.keyPoints` (heard, confidence,
 * in the request's order) when the engine gives them; otherwise derived from the content
 * suggestion's "Covered: … Missed: …" lists, so that an engine from before the key points
 * were data can be measured the same way.
 */
import type { Component, KeyPointResult } from '../src/shared/contract/envelope.js';
import { parseKeyPoints } from '../src/shared/key-points.js';

export interface KeyPointDecisions {
  heard: boolean[];
  /** 0–1 per keyword; null when the engine gave no `data.keyPoints`. */
  confidence: number[] | null;
  source: 'keyPoints' | 'suggestion';
}

const COVERED = 'Covered: ';
const MISSED = ' Missed: ';

/**
 * Which keywords, kept in the request's order and joined by ", ", make up `listed`. A keyword
 * may itself hold commas or periods ("climate, change", "U.S. economy"), so the list is matched
 * whole rather than split. Null when no choice does.
 */
function coveredSubsequence(listed: string, keywords: readonly string[]): boolean[] | null {
  const failed = new Set<string>();
  const search = (at: number, index: number): boolean[] | null => {
    if (index === keywords.length) return at === listed.length ? [] : null;
    const key = `${at}:${index}`;
    if (failed.has(key)) return null;
    const keyword = keywords[index]!;
    const end = at + keyword.length;
    const fits =
      keyword !== '' &&
      listed.startsWith(keyword, at) &&
      (end === listed.length || listed.startsWith(', ', end));
    const taken = fits ? search(end === listed.length ? end : end + 2, index + 1) : null;
    if (taken) return [true, ...taken];
    const skipped = search(at, index + 1);
    if (skipped) return [false, ...skipped];
    failed.add(key);
    return null;
  };
  return search(0, 0);
}

/** Heard or not per keyword, read from the content suggestion's lists. */
export function heardFromSuggestion(
  suggestion: string | null | undefined,
  keywords: readonly string[],
): boolean[] {
  const trimmed = keywords.map((keyword) => keyword.trim());
  const parsed = parseKeyPoints(suggestion);
  const at = suggestion?.indexOf(COVERED) ?? -1;
  if (!parsed || !suggestion || at < 0) return trimmed.map(() => false);
  const end = suggestion.indexOf(MISSED, at);
  const listed = suggestion
    .slice(at + COVERED.length, end < 0 ? undefined : end)
    .trim()
    .replace(/\.$/u, '');
  return (
    coveredSubsequence(listed, trimmed) ??
    trimmed.map((keyword) => parsed.covered.includes(keyword))
  );
}

/** The decisions for one scored request. */
export function keyPointDecisions(
  result: {
    components: ReadonlyArray<Pick<Component, 'name' | 'suggestion'>>;
    keyPoints?: readonly KeyPointResult[] | null;
  },
  keywords: readonly string[],
): KeyPointDecisions {
  const points = result.keyPoints;
  if (points && points.length > 0) {
    if (
      points.length !== keywords.length ||
      points.some((point, i) => point.text !== keywords[i])
    ) {
      throw new Error(
        `data.keyPoints do not follow the request's keywords: ${JSON.stringify(points.map((point) => point.text))} for ${JSON.stringify(keywords)}`,
      );
    }
    return {
      heard: points.map((point) => point.heard),
      confidence: points.map((point) => point.confidence),
      source: 'keyPoints',
    };
  }
  const content = result.components.find((component) => component.name === 'score_content');
  return {
    heard: heardFromSuggestion(content?.suggestion, keywords),
    confidence: null,
    source: 'suggestion',
  };
}
