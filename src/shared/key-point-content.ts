import { quantize } from './contract/quantize.js';

/**
 * The share of key points that earns the full content mark. Examiners do not expect every
 * keyword of a list of 20–40 in a 40 s answer, and the recogniser hears about three in four of
 * the points a complete retelling says (BENCHMARKS.md, key points): at this share a complete
 * retelling scores 4 of 5 or more.
 */
export const FULL_MARKS_SHARE = 0.75;

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
}

/**
 * rl, di content with the examiner's marks (docs/api.md, key points): the coverage of the
 * examiner's share of key points heard in place of the engine's, times what the engine kept of its own share
 * (its hold-back for points out of the lecture's order or an image with no conclusion), on
 * the request's scale and precision. Marks equal to the engine's give the engine's content.
 * When the engine heard none its hold-back is unknown and none is applied.
 */
export function contentFromMarks(input: MarkedContentInput): number {
  const { engineHeard, examinerHeard, engineContent, contentMax, precision } = input;
  if (engineHeard.length !== examinerHeard.length) {
    throw new Error(
      `${examinerHeard.length} marks were given for ${engineHeard.length} key points`,
    );
  }
  if (engineHeard.length === 0 || contentMax <= 0) return engineContent;
  const engineShare = shareHeard(engineHeard);
  const examinerShare = shareHeard(examinerHeard);
  const kept =
    engineShare > 0
      ? holdBack(engineContent, keyPointCoverage(engineShare) * contentMax, precision)
      : 1;
  return quantize(keyPointCoverage(examinerShare) * kept * contentMax, contentMax, precision);
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
