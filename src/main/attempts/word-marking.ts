import { parseEnvelopeText } from '../../shared/contract/parse-response.js';
import { requestPrecision } from '../../shared/key-points.js';
import { engineReferenceWords, type EngineReferenceWord } from '../../shared/reference-words.js';
import { contentInDoubt, scoresFromWordMarks } from '../../shared/word-mark-scores.js';
import { UserFacingError } from '../errors/user-facing-error.js';
import { deliveryMarks, sameScoresAsEngine } from './recomputed-marks.js';
import type { MarkFields } from '../store/attempt-marks.js';
import type { AttemptRow } from '../store/attempt-rows.js';

export interface WordMarking {
  engine: EngineReferenceWord[];
  mark: MarkFields;
}

/**
 * The examiner's marks that follow from marking each word of a Repeat Sentence said or not:
 * content and overall from the marks (shared/word-mark-scores.ts), pronunciation and fluency
 * their own when they gave some, else the engine's. Confirmed when every word and every score
 * is the engine's.
 */
export function wordMarking(row: AttemptRow, said: readonly boolean[]): WordMarking {
  if (row.status !== 'scored' || row.task !== 'rs' || !row.response_json) {
    throw new UserFacingError('Words are marked said or not said on a scored Repeat Sentence.');
  }
  const { data } = parseEnvelopeText(row.response_json);
  const engine = engineReferenceWords(data.words);
  if (engine.length === 0) throw new UserFacingError('This result lists no words to mark.');
  if (engine.length !== said.length) {
    throw new UserFacingError(
      `Mark each of the sentence’s ${engine.length} words said or not said (${said.length} were marked).`,
    );
  }
  const { content, overall } = scoresFromWordMarks({
    total: engine.length,
    engineSaid: engine.filter((word) => word.said).length,
    engineUnsure: engine.filter((word) => word.said && word.unsure).length,
    engineInDoubt: contentInDoubt(data.components),
    examinerSaid: said.filter(Boolean).length,
    engineOverall: row.overall ?? 0,
    contentMax: row.content_max ?? 0,
    overallMax: row.overall_max ?? 0,
    precision: requestPrecision(row.request_json),
  });
  const { pronunciation, fluency } = deliveryMarks(row);
  const confirmed =
    said.every((value, index) => value === engine[index]!.said) &&
    sameScoresAsEngine(row, { content, pronunciation, fluency }) &&
    overall === row.overall;
  return {
    engine,
    mark: {
      confirmed,
      scores: { content, pronunciation, fluency, words: null, overall },
      comment: row.mark_comment ?? '',
    },
  };
}
