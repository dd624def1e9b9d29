import type { KeyPointOrder } from './contract/envelope.js';
import { quantize } from './contract/quantize.js';

/**
 * The share of key points that earns the full content mark. Examiners do not expect every
 * keyword of a list of 20–40 in a 40 s answer, and the recogniser hears about three in four of
 * the points a complete retelling says (BENCHMARKS.md, key points): at this share a complete
 * retelling scores 4 of 5 or more.
 */
export const FULL_MARKS_SHARE = 0.75;

/** Retell Lecture: the part of the content mark for relating the points in the lecture's order. */
const ORDER_SHARE = 0.15;

/**
 * rl: the share of the content mark kept for the order when `inPlace` of the `placed` points
 * heard (those the lecture says) stand on the longest run in the lecture's order: each point
 * off it costs an equal step of ORDER_SHARE, all but one off it the whole of it.
 */
export function orderKept(inPlace: number, placed: number): number {
  if (placed < 2) return 1;
  return 1 - ORDER_SHARE + (ORDER_SHARE * (Math.max(1, inPlace) - 1)) / (placed - 1);
}

/** rl, di: the share of the content mark that a share of key points heard earns, 0–1. */
export function keyPointCoverage(shareHeard: number): number {
  return Math.min(1, Math.max(0, shareHeard) / FULL_MARKS_SHARE);
}

/** What content is recomputed from: the engine's score and both sets of marks, point by point. */
export interface MarkedContentInput {
  /** Whether the engine heard each key point, in the request's order. */
  engineHeard: readonly boolean[];
  /** Whether the examiner heard each one, in the same order. */
  examinerHeard: readonly boolean[];
  /** The engine's `score_content` and its `maxScore`. */
  engineContent: number;
  contentMax: number;
  /** The request's precision. */
  precision: number;
  /** rl: where each point the engine heard stands against the lecture's order, if it said. */
  engineOrder?: ReadonlyArray<KeyPointOrder | undefined>;
}

/**
 * rl, di content with the examiner's marks (docs/api.md, key points): the coverage of the
 * examiner's share of key points heard in place of the engine's, times the hold-back. In rl,
 * where the engine says where each point heard stands in the lecture's order, the order is
 * taken again over the points both heard: a point the examiner marks not heard no longer
 * counts against it. Otherwise the hold-back is what the engine kept of its own share (points
 * out of order, an image with no conclusion); when the engine heard none it is unknown and
 * none is applied. Marks equal to the engine's give the engine's content.
 */
export function contentFromMarks(input: MarkedContentInput): number {
  const { engineHeard, examinerHeard, engineContent, contentMax, precision } = input;
  if (engineHeard.length !== examinerHeard.length) {
    throw new Error(
      `${examinerHeard.length} marks were given for ${engineHeard.length} key points`,
    );
  }
  if (engineHeard.length === 0 || contentMax <= 0) return engineContent;
  if (examinerHeard.every((heard, index) => heard === engineHeard[index])) return engineContent;
  const engineShare = shareHeard(engineHeard);
  const examinerShare = shareHeard(examinerHeard);
  const order = input.engineOrder?.some(Boolean)
    ? orderOfMarks(input.engineOrder, examinerHeard)
    : null;
  const kept =
    order ??
    (engineShare > 0
      ? holdBack(engineContent, keyPointCoverage(engineShare) * contentMax, precision)
      : 1);
  return quantize(keyPointCoverage(examinerShare) * kept * contentMax, contentMax, precision);
}

/**
 * The share kept for the order over the points the engine placed that the examiner also
 * heard. What is left of the engine's run is still in order, if not always the longest.
 */
function orderOfMarks(
  order: ReadonlyArray<KeyPointOrder | undefined>,
  examinerHeard: readonly boolean[],
): number {
  const placed = order.filter((place, index) => place !== undefined && examinerHeard[index]);
  return orderKept(placed.filter((place) => place === 'in place').length, placed.length);
}

/**
 * What the engine kept of the mark its coverage earned. Its content is rounded to `precision`,
 * so where that rounding cannot tell a hold-back from none, none is applied.
 */
function holdBack(engineContent: number, earned: number, precision: number): number {
  const kept = clamp(engineContent / earned);
  return kept + precision / 2 / earned >= 1 ? 1 : kept;
}

function shareHeard(heard: readonly boolean[]): number {
  return heard.filter(Boolean).length / heard.length;
}

function clamp(value: number): number {
  return Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));
}
