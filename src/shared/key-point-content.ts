import { quantize } from './contract/quantize.js';

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
 * rl, di content with the examiner's marks (docs/api.md, key points): the examiner's share of
 * key points heard in place of the engine's, times what the engine kept of its own share
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
  const kept = engineShare > 0 ? clamp(engineContent / contentMax / engineShare) : 1;
  return quantize(examinerShare * kept * contentMax, contentMax, precision);
}

function shareHeard(heard: readonly boolean[]): number {
  return heard.filter(Boolean).length / heard.length;
}

function clamp(value: number): number {
  return Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));
}
