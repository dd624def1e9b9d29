import { COMPONENT_STATUS, type Component } from './contract/envelope.js';
import { componentScore, quantize } from './contract/quantize.js';
import {
  REPEAT_SENTENCE_CONTENT_MAX,
  repeatedShare,
  repeatSentenceContent,
} from './repeat-sentence-content.js';

/** What an rs attempt's scores are recomputed from when the examiner marks its words. */
export interface WordMarkScoresInput {
  /** The sentence's words. */
  total: number;
  /**
   * How many of them the engine kept as said, how many of those unsurely (`"unsure": true`;
   * a word `Missing` unsurely is not among them), and whether it held content in doubt.
   */
  engineSaid: number;
  engineUnsure: number;
  engineInDoubt: boolean;
  /** How many of them the examiner marked said. */
  examinerSaid: number;
  /** The engine's `overall`. */
  engineOverall: number;
  /** The tops of content and overall on the request's scale, and its precision. */
  contentMax: number;
  overallMax: number;
  precision: number;
}

/**
 * rs content and overall with the examiner's marks of each word said or not. Content is the
 * rule's mark of the words they marked said, scaled as the engine scales its native 0–3
 * (a share of the content maximum, quantised); their marks settle any doubt, so none is held.
 * Overall keeps the engine's delivery and takes the examiner's share of the sentence in place
 * of the engine's: engine overall ÷ engine share × examiner share. The engine's share gave its
 * unsure words half a word; the examiner's marks are sure, so a word they mark said earns a
 * whole one. With an engine share of 0 (nothing heard, or not the sentence) the delivery is
 * unknown and the engine's overall stays.
 */
export function scoresFromWordMarks(input: WordMarkScoresInput): {
  content: number;
  overall: number;
} {
  const { total, examinerSaid, contentMax, precision } = input;
  const mark = repeatSentenceContent(examinerSaid, total);
  const content = componentScore(mark / REPEAT_SENTENCE_CONTENT_MAX, contentMax, precision);
  const engineShare = repeatedShare(
    input.engineSaid,
    total,
    input.engineInDoubt,
    input.engineUnsure,
  );
  const overall =
    engineShare > 0
      ? quantize(
          (input.engineOverall / engineShare) * repeatedShare(examinerSaid, total),
          input.overallMax,
          precision,
        )
      : input.engineOverall;
  return { content, overall };
}

/**
 * rs: whether the engine held content at 1 because the answer's match with the sentence is
 * in doubt, which `score_content` says with status 1 (docs/api.md, in doubt).
 */
export function contentInDoubt(components: readonly Pick<Component, 'name' | 'status'>[]): boolean {
  return components.some(
    (component) =>
      component.name === 'score_content' && component.status === COMPONENT_STATUS.caution,
  );
}
