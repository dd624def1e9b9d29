import { parseEnvelopeText } from '../../shared/contract/parse-response.js';
import { meanOverall } from '../../shared/contract/quantize.js';
import { contentFromMarks } from '../../shared/key-point-content.js';
import {
  engineKeyPoints,
  requestKeywords,
  requestPrecision,
  type EngineKeyPoint,
} from '../../shared/key-points.js';
import { UserFacingError } from '../errors/user-facing-error.js';
import { deliveryMarks, sameScoresAsEngine } from './recomputed-marks.js';
import type { MarkFields } from '../store/attempt-marks.js';
import type { AttemptRow } from '../store/attempt-rows.js';

export interface KeyPointMarking {
  engine: EngineKeyPoint[];
  mark: MarkFields;
}

/**
 * The examiner's marks that follow from marking each key point heard or not: content from the
 * marks, overall from it and the delivery marks (the examiner's own when they gave some, else
 * the engine's). Confirmed when every point and every score is the engine's.
 */
export function keyPointMarking(row: AttemptRow, heard: readonly boolean[]): KeyPointMarking {
  if (row.status !== 'scored' || (row.task !== 'rl' && row.task !== 'di')) {
    throw new UserFacingError(
      'Key points are marked on a scored Retell Lecture or Describe Image.',
    );
  }
  const engine = row.response_json
    ? engineKeyPoints(parseEnvelopeText(row.response_json).data, requestKeywords(row.request_json))
    : null;
  if (!engine || engine.length === 0) {
    throw new UserFacingError('This result names no key points to mark.');
  }
  if (engine.length !== heard.length) {
    throw new UserFacingError(
      `Mark each of the ${engine.length} key points heard or not heard (${heard.length} were marked).`,
    );
  }
  const precision = requestPrecision(row.request_json);
  const contentMax = row.content_max ?? 0;
  const content = contentFromMarks({
    engineHeard: engine.map((point) => point.heard),
    examinerHeard: heard,
    engineContent: row.content ?? 0,
    contentMax,
    precision,
    engineOrder: engine.map((point) => point.order),
  });
  const { pronunciation, fluency } = deliveryMarks(row);
  const overall = meanOverall(
    [
      { score: content, max: contentMax },
      { score: pronunciation, max: row.pronunciation_max ?? 0 },
      { score: fluency, max: row.fluency_max ?? 0 },
    ],
    { scale: row.overall_max ?? 0, precision },
  );
  const scores = { content, pronunciation, fluency, words: null, overall };
  const confirmed =
    heard.every((value, index) => value === engine[index]!.heard) &&
    sameScoresAsEngine(row, { content, pronunciation, fluency });
  return {
    engine,
    mark: {
      confirmed,
      scores: confirmed
        ? { content: row.content, pronunciation, fluency, words: null, overall: row.overall }
        : scores,
      comment: row.mark_comment ?? '',
    },
  };
}
