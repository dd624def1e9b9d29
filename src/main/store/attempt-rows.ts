import type { Attempt, AttemptDetail, AttemptStatus } from '../../shared/app-api.js';
import type { Task } from '../../shared/contract/endpoints.js';

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
  error_message: string | null;
  tries: number;
  next_retry_at: string | null;
  created_at: string;
  updated_at: string;
  sitting_id: number | null;
}

const JOINS = `
  FROM attempts a
  JOIN candidates c ON c.id = a.candidate_id
  JOIN items i ON i.id = a.item_id`;

/** The sitting an attempt was answered in: one lookup in sitting_items' unique attempt index. */
const SITTING_ID = `(SELECT si.sitting_id FROM sitting_items si WHERE si.attempt_id = a.id) AS sitting_id`;

export const ATTEMPT_SELECT = `SELECT a.*, c.name AS candidate_name,
  c.reference AS candidate_reference, i.title AS item_title, ${SITTING_ID} ${JOINS}`;

export const ATTEMPT_SUMMARY_SELECT = `
  SELECT a.id, a.candidate_id, a.item_id, a.task, a.status, a.audio_path, a.audio_mime,
    a.audio_sha256, a.typed_answer, a.content, a.pronunciation, a.fluency, a.words, a.overall,
    a.error_message, a.tries, a.next_retry_at, a.created_at, a.updated_at,
    c.name AS candidate_name, c.reference AS candidate_reference, i.title AS item_title,
    ${SITTING_ID} ${JOINS}`;

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
    errorMessage: row.error_message,
    tries: row.tries,
    nextRetryAt: row.next_retry_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sittingId: row.sitting_id ?? null,
  };
}

export function toAttemptDetail(row: AttemptRow): AttemptDetail {
  return {
    ...toAttempt(row),
    requestJson: row.request_json,
    responseJson: row.response_json,
    errorDetail: row.error_detail,
  };
}
