import type {
  Attempt,
  AttemptDetail,
  AttemptStatus,
  ExaminerMark,
  KeyPointCounts,
  WordSaidCounts,
} from '../../shared/app-api.js';
import type { Task } from '../../shared/contract/endpoints.js';
import type { ExaminerWordChange } from '../../shared/reference-words.js';

/** An attempts row joined with its candidate's name and its item's title. */
export interface AttemptRow extends AttemptSummaryRow {
  request_json: string | null;
  response_json: string | null;
  error_detail: string | null;
}

/** The columns of lists and exports: everything but the large request and response texts. */
export interface AttemptSummaryRow {
  id: number;
  candidate_id: number;
  candidate_name: string;
  candidate_reference: string;
  item_id: number;
  item_title: string;
  task: Task;
  status: AttemptStatus;
  audio_path: string | null;
  audio_mime: string | null;
  audio_sha256: string | null;
  typed_answer: string | null;
  content: number | null;
  pronunciation: number | null;
  fluency: number | null;
  words: number | null;
  overall: number | null;
  content_max: number | null;
  pronunciation_max: number | null;
  fluency_max: number | null;
  words_max: number | null;
  overall_max: number | null;
  result_status: number | null;
  /** rs: words of the result the engine is unsure about, said or Missing. */
  unsure_words: number;
  audio_duration_ms: number | null;
  mark_confirmed: number | null;
  mark_content: number | null;
  mark_pronunciation: number | null;
  mark_fluency: number | null;
  mark_words: number | null;
  mark_overall: number | null;
  mark_comment: string | null;
  mark_updated_at: string | null;
  error_message: string | null;
  tries: number;
  next_retry_at: string | null;
  created_at: string;
  updated_at: string;
  sitting_id: number | null;
  /** JSON [points, engine heard, points marked by the examiner, examiner heard] (rl, di). */
  key_point_counts: string | null;
  /**
   * JSON [words, engine said, words marked by the examiner, examiner said, [[word, examiner
   * said 0/1] of each word they judged otherwise, in order]] (rs).
   */
  word_mark_counts: string | null;
}

const ATTEMPT_JOINS = `
  FROM attempts a
  JOIN candidates c ON c.id = a.candidate_id
  JOIN items i ON i.id = a.item_id
  LEFT JOIN examiner_marks m ON m.attempt_id = a.id`;

const MARK_COLUMNS = `m.confirmed AS mark_confirmed, m.content AS mark_content,
  m.pronunciation AS mark_pronunciation, m.fluency AS mark_fluency, m.words AS mark_words,
  m.overall AS mark_overall, m.comment AS mark_comment, m.updated_at AS mark_updated_at`;

/** The sitting an attempt was answered in: one lookup in sitting_items' unique attempt index. */
const SITTING_ID = `(SELECT si.sitting_id FROM sitting_items si WHERE si.attempt_id = a.id) AS sitting_id`;

/** The key point counts, from the key_points primary key's range of this attempt. */
const KEY_POINT_COUNTS = `(SELECT json_array(count(*), coalesce(sum(k.engine_heard), 0),
  count(k.examiner_heard), coalesce(sum(k.examiner_heard), 0))
  FROM key_points k WHERE k.attempt_id = a.id) AS key_point_counts`;

/** The rs word counts and the words the examiner judged otherwise, from reference_words' key. */
const WORD_MARK_COUNTS = `(SELECT json_array(count(*), coalesce(sum(r.engine_said), 0),
  count(r.examiner_said), coalesce(sum(r.examiner_said), 0),
  json_group_array(json_array(r.text, r.examiner_said) ORDER BY r.position)
    FILTER (WHERE r.examiner_said <> r.engine_said))
  FROM reference_words r WHERE r.attempt_id = a.id) AS word_mark_counts`;

export const ATTEMPT_SELECT = `SELECT a.*, c.name AS candidate_name,
  c.reference AS candidate_reference, i.title AS item_title, ${SITTING_ID},
  ${KEY_POINT_COUNTS}, ${WORD_MARK_COUNTS}, ${MARK_COLUMNS} ${ATTEMPT_JOINS}`;

export const ATTEMPT_SUMMARY_SELECT = `
  SELECT a.id, a.candidate_id, a.item_id, a.task, a.status, a.audio_path, a.audio_mime,
    a.audio_sha256, a.typed_answer, a.content, a.pronunciation, a.fluency, a.words, a.overall,
    a.content_max, a.pronunciation_max, a.fluency_max, a.words_max, a.overall_max, a.result_status,
    a.unsure_words, a.audio_duration_ms, a.error_message, a.tries, a.next_retry_at, a.created_at,
    a.updated_at,
    c.name AS candidate_name, c.reference AS candidate_reference, i.title AS item_title,
    ${SITTING_ID}, ${KEY_POINT_COUNTS}, ${WORD_MARK_COUNTS}, ${MARK_COLUMNS} ${ATTEMPT_JOINS}`;

export function toAttempt(row: AttemptSummaryRow): Attempt {
  return {
    id: row.id,
    candidateId: row.candidate_id,
    candidateName: row.candidate_name,
    itemId: row.item_id,
    itemTitle: row.item_title,
    task: row.task,
    status: row.status,
    audioPath: row.audio_path,
    audioSha256: row.audio_sha256,
    typedAnswer: row.typed_answer,
    scores: {
      content: row.content,
      pronunciation: row.pronunciation,
      fluency: row.fluency,
      words: row.words,
      overall: row.overall,
    },
    maxScores: {
      content: row.content_max,
      pronunciation: row.pronunciation_max,
      fluency: row.fluency_max,
      words: row.words_max,
      overall: row.overall_max,
    },
    audioDurationMs: row.audio_duration_ms,
    mark: toMark(row),
    errorMessage: row.error_message,
    tries: row.tries,
    nextRetryAt: row.next_retry_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sittingId: row.sitting_id ?? null,
    keyPoints: keyPointCounts(row.key_point_counts),
    wordsSaid: wordSaidCounts(wordMarkCounts(row.word_mark_counts)),
    unsureWords: row.unsure_words,
  };
}

function wordSaidCounts(counts: WordMarkCounts | null): WordSaidCounts | null {
  return (
    counts && {
      total: counts.total,
      engineSaid: counts.engineSaid,
      examinerSaid: counts.examinerSaid,
    }
  );
}

/** How many key points the engine and the examiner heard; null when the result has none. */
export function keyPointCounts(json: string | null | undefined): KeyPointCounts | null {
  if (!json) return null;
  const [total, engineHeard, marked, examinerHeard] = JSON.parse(json) as number[];
  if (!total) return null;
  return {
    total,
    engineHeard: engineHeard ?? 0,
    examinerHeard: marked === total ? (examinerHeard ?? 0) : null,
  };
}

/** rs, once the examiner marked the sentence's words: both sides' counts and the words changed. */
export interface WordMarkCounts extends WordSaidCounts {
  /** Each word the examiner judged otherwise than the engine, in the sentence's order. */
  changed: { text: string; change: ExaminerWordChange }[];
}

/** The word counts of `word_mark_counts`; null until the examiner marked every word. */
export function wordMarkCounts(json: string | null | undefined): WordMarkCounts | null {
  if (!json) return null;
  const [total, engineSaid, marked, examinerSaid, changed] = JSON.parse(json) as [
    number,
    number,
    number,
    number,
    [string, number][],
  ];
  if (!total || marked !== total) return null;
  return {
    total,
    engineSaid,
    examinerSaid,
    changed: changed.map(([text, said]) => ({ text, change: said === 1 ? 'said' : 'not said' })),
  };
}

export function toAttemptDetail(
  row: AttemptRow,
  storedKeyPoints: AttemptDetail['storedKeyPoints'] = [],
  storedWords: AttemptDetail['storedWords'] = [],
): AttemptDetail {
  return {
    ...toAttempt(row),
    requestJson: row.request_json,
    responseJson: row.response_json,
    errorDetail: row.error_detail,
    storedKeyPoints,
    storedWords,
  };
}

function toMark(row: AttemptSummaryRow): ExaminerMark | null {
  if (row.mark_confirmed === null || row.mark_updated_at === null) return null;
  return {
    confirmed: row.mark_confirmed === 1,
    scores: {
      content: row.mark_content,
      pronunciation: row.mark_pronunciation,
      fluency: row.mark_fluency,
      words: row.mark_words,
      overall: row.mark_overall,
    },
    comment: row.mark_comment ?? '',
    updatedAt: row.mark_updated_at,
  };
}
