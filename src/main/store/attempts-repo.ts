import {
  SCORE_KEYS,
  type AttemptStatus,
  type HistoryFilter,
  type QueueStatus,
} from '../../shared/app-api.js';
import type { Task } from '../../shared/contract/endpoints.js';
import {
  ATTEMPT_SELECT,
  ATTEMPT_SUMMARY_SELECT,
  type AttemptRow,
  type AttemptSummaryRow,
} from './attempt-rows.js';
import { nowIso, type Db } from './database.js';
import { filterSql, orderSql, pageSql } from './history-query.js';
import { registerTextFunctions } from './text-functions.js';

export interface NewAttempt {
  candidateId: number;
  itemId: number;
  task: Task;
  audio: { path: string; mime: string; sha256: string; durationMs?: number | null } | null;
  typedAnswer: string | null;
}

export interface ScoreColumns {
  content: number | null;
  pronunciation: number | null;
  fluency: number | null;
  words: number | null;
  overall: number | null;
}

/** An examiner's marks as stored; `confirmed` marks equal the engine's. */
/** Every column empty: the start of a result's scores or maxima. */
export function noScores(): ScoreColumns {
  return { content: null, pronunciation: null, fluency: null, words: null, overall: null };
}

export interface MarkFields {
  confirmed: boolean;
  scores: ScoreColumns;
  comment: string;
}

/** One attempt both the engine and an examiner marked: the moderation view's raw data. */
export interface MarkedPair {
  task: Task;
  engine: ScoreColumns;
  examiner: ScoreColumns;
  maxima: ScoreColumns;
}

export interface FailureFields {
  kind: string;
  retryable: boolean;
  message: string;
  detail: string | null;
  responseJson: string | null;
  nextRetryAt: string | null;
}

export interface ProgressPoint {
  id: number;
  createdAt: string;
  overall: number;
  /** The overall score's maximum, when known. */
  max: number | null;
}

/** Statuses the worker may pick up, oldest attempt first. */
const DUE_STATUSES = `('queued', 'failed_retryable')`;

/**
 * Every state change is an UPDATE guarded by the expected current status, so two actors
 * (the worker, a cancel, a restart) can never both move one attempt.
 */
export class AttemptsRepo {
  constructor(private readonly db: Db) {
    registerTextFunctions(db);
  }

  insert(attempt: NewAttempt): number {
    const now = nowIso();
    const info = this.db
      .prepare(
        `INSERT INTO attempts (candidate_id, item_id, task, status, audio_path, audio_mime, audio_sha256,
           audio_duration_ms, typed_answer, created_at, updated_at)
         VALUES (?, ?, ?, 'recorded', ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        attempt.candidateId,
        attempt.itemId,
        attempt.task,
        attempt.audio?.path ?? null,
        attempt.audio?.mime ?? null,
        attempt.audio?.sha256 ?? null,
        attempt.audio?.durationMs ?? null,
        attempt.typedAnswer,
        now,
        now,
      );
    return Number(info.lastInsertRowid);
  }

  get(id: number): AttemptRow | null {
    return (
      this.db.prepare<[number], AttemptRow>(`${ATTEMPT_SELECT} WHERE a.id = ?`).get(id) ?? null
    );
  }

  /** Moves an attempt to `to` only if it is in one of `from`; true when it moved. */
  transition(id: number, from: readonly AttemptStatus[], to: AttemptStatus): boolean {
    const marks = from.map(() => '?').join(', ');
    const reset =
      to === 'queued'
        ? ', next_retry_at = NULL, error_message = NULL, error_detail = NULL, failure_kind = NULL'
        : '';
    return (
      this.db
        .prepare(
          `UPDATE attempts SET status = ?, updated_at = ?${reset} WHERE id = ? AND status IN (${marks})`,
        )
        .run(to, nowIso(), id, ...from).changes === 1
    );
  }

  /** Claims the oldest due attempt for scoring; null when none is due. */
  claimNext(now: string): AttemptRow | null {
    return this.db
      .transaction((): AttemptRow | null => {
        const next = this.db
          .prepare<[string], { id: number; status: AttemptStatus }>(
            `SELECT id, status FROM attempts
           WHERE status IN ${DUE_STATUSES} AND (next_retry_at IS NULL OR next_retry_at <= ?)
           ORDER BY id LIMIT 1`,
          )
          .get(now);
        if (!next) return null;
        this.db
          .prepare(
            `UPDATE attempts SET status = 'scoring', tries = tries + 1, updated_at = ?
           WHERE id = ? AND status = ?`,
          )
          .run(nowIso(), next.id, next.status);
        return this.get(next.id);
      })
      .immediate();
  }

  recordRequest(id: number, requestJson: string): void {
    this.db
      .prepare(`UPDATE attempts SET request_json = ? WHERE id = ? AND status = 'scoring'`)
      .run(requestJson, id);
  }

  /** Stores the one result of an attempt; false if it was cancelled or deleted meanwhile. */
  markScored(
    id: number,
    responseJson: string,
    scores: ScoreColumns,
    maxima: ScoreColumns,
    resultStatus = 0,
  ): boolean {
    return (
      this.db
        .prepare(
          `UPDATE attempts SET status = 'scored', response_json = ?, content = ?, pronunciation = ?,
             fluency = ?, words = ?, overall = ?, content_max = ?, pronunciation_max = ?,
             fluency_max = ?, words_max = ?, overall_max = ?, result_status = ?, error_message = NULL,
             error_detail = NULL, failure_kind = NULL, next_retry_at = NULL, updated_at = ?
           WHERE id = ? AND status = 'scoring'`,
        )
        .run(
          responseJson,
          ...SCORE_KEYS.map((key) => scores[key]),
          ...SCORE_KEYS.map((key) => maxima[key]),
          resultStatus,
          nowIso(),
          id,
        ).changes === 1
    );
  }

  /** Keeps the examiner's marks beside the engine's, which stay as they are. */
  saveMark(id: number, mark: MarkFields): void {
    const now = nowIso();
    this.db
      .prepare(
        `INSERT INTO examiner_marks (attempt_id, confirmed, content, pronunciation, fluency, words,
           overall, comment, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (attempt_id) DO UPDATE SET confirmed = excluded.confirmed,
           content = excluded.content, pronunciation = excluded.pronunciation,
           fluency = excluded.fluency, words = excluded.words, overall = excluded.overall,
           comment = excluded.comment, updated_at = excluded.updated_at`,
      )
      .run(
        id,
        mark.confirmed ? 1 : 0,
        ...SCORE_KEYS.map((key) => mark.scores[key]),
        mark.comment,
        now,
        now,
      );
  }

  clearMark(id: number): void {
    this.db.prepare('DELETE FROM examiner_marks WHERE attempt_id = ?').run(id);
  }

  /** Every scored attempt an examiner marked too, oldest first. */
  markedPairs(task?: Task): MarkedPair[] {
    const rows = this.db
      .prepare<(string | null)[], AttemptSummaryRow>(
        `${ATTEMPT_SUMMARY_SELECT} WHERE a.status = 'scored' AND m.attempt_id IS NOT NULL
           AND (? IS NULL OR a.task = ?) ORDER BY a.id`,
      )
      .all(task ?? null, task ?? null);
    return rows.map((row) => ({
      task: row.task,
      engine: columns((key) => row[key]),
      examiner: columns((key) => row[`mark_${key}`]),
      maxima: columns((key) => row[`${key}_max`]),
    }));
  }

  /** How many attempts wait to be scored, and when the queue next tries on its own. */
  queueStatus(): Omit<QueueStatus, 'serverAnswering'> {
    const row = this.db
      .prepare<[], { waiting: number; next: string | null }>(
        `SELECT count(*) AS waiting, min(next_retry_at) AS next FROM attempts
         WHERE status IN ('recorded', 'queued', 'scoring', 'failed_retryable')`,
      )
      .get();
    return { waiting: row?.waiting ?? 0, nextTryAt: row?.next ?? null };
  }

  /** Recordings saved before their length was written into them (WebM from MediaRecorder). */
  recordingsWithoutDuration(): { id: number; audio_path: string; audio_mime: string }[] {
    return this.db
      .prepare<[], { id: number; audio_path: string; audio_mime: string }>(
        `SELECT id, audio_path, audio_mime FROM attempts
         WHERE audio_path IS NOT NULL AND audio_duration_ms IS NULL ORDER BY id`,
      )
      .all();
  }

  setRecordingDuration(id: number, sha256: string, durationMs: number): void {
    this.db
      .prepare('UPDATE attempts SET audio_sha256 = ?, audio_duration_ms = ? WHERE id = ?')
      .run(sha256, durationMs, id);
  }

  markFailed(id: number, failure: FailureFields): boolean {
    return (
      this.db
        .prepare(
          `UPDATE attempts SET status = ?, error_message = ?, error_detail = ?, failure_kind = ?,
             response_json = coalesce(?, response_json), next_retry_at = ?, updated_at = ?
           WHERE id = ? AND status = 'scoring'`,
        )
        .run(
          failure.retryable ? 'failed_retryable' : 'failed_permanent',
          failure.message,
          failure.detail,
          failure.kind,
          failure.responseJson,
          failure.nextRetryAt,
          nowIso(),
          id,
        ).changes === 1
    );
  }

  /** After a crash or restart, attempts left mid-scoring go back to the queue. */
  requeueInterrupted(): number[] {
    return this.db.transaction(() => {
      const ids = this.db
        .prepare<[], { id: number }>(
          `SELECT id FROM attempts WHERE status IN ('scoring', 'recorded')`,
        )
        .all()
        .map((row) => row.id);
      this.db
        .prepare(
          `UPDATE attempts SET status = 'queued', updated_at = ? WHERE status IN ('scoring', 'recorded')`,
        )
        .run(nowIso());
      return ids;
    })();
  }

  /** Attempts refused for their key go back to the queue once the key or endpoint changed. */
  requeueKeyRefused(): number[] {
    return this.db
      .prepare<[string], { id: number }>(
        `UPDATE attempts SET status = 'queued', next_retry_at = NULL, error_message = NULL,
           error_detail = NULL, failure_kind = NULL, updated_at = ?
         WHERE status = 'failed_permanent' AND failure_kind = 'key_refused'
         RETURNING id`,
      )
      .all(nowIso())
      .map((row) => row.id);
  }

  makeRetriesDue(): void {
    this.db
      .prepare(`UPDATE attempts SET next_retry_at = NULL WHERE status = 'failed_retryable'`)
      .run();
  }

  /** When the earliest waiting retry falls due, or null if nothing waits on time. */
  earliestRetryAt(): string | null {
    const row = this.db
      .prepare<[], { at: string | null }>(
        `SELECT min(next_retry_at) AS at FROM attempts WHERE status = 'failed_retryable'`,
      )
      .get();
    return row?.at ?? null;
  }

  delete(id: number): AttemptRow | null {
    return this.db.transaction(() => {
      const row = this.get(id);
      if (row) this.db.prepare('DELETE FROM attempts WHERE id = ?').run(id);
      return row;
    })();
  }

  audioPathsOfCandidate(candidateId: number): string[] {
    return this.db
      .prepare<[number], { audio_path: string }>(
        'SELECT audio_path FROM attempts WHERE candidate_id = ? AND audio_path IS NOT NULL',
      )
      .all(candidateId)
      .map((row) => row.audio_path);
  }

  /**
   * A candidate's scored attempts of one task, oldest first, with their final overall (the
   * examiner's when they marked it): the points of a progress chart.
   */
  scoredProgress(candidateId: number, task: Task): ProgressPoint[] {
    return this.db
      .prepare<[number, Task], ProgressPoint>(
        `SELECT a.id, a.created_at AS createdAt, coalesce(m.overall, a.overall) AS overall,
           a.overall_max AS max
         FROM attempts a LEFT JOIN examiner_marks m ON m.attempt_id = a.id
         WHERE a.candidate_id = ? AND a.task = ? AND a.status = 'scored'
           AND coalesce(m.overall, a.overall) IS NOT NULL
         ORDER BY a.id`,
      )
      .all(candidateId, task);
  }

  idsOfCandidate(candidateId: number): number[] {
    return this.db
      .prepare<[number], { id: number }>('SELECT id FROM attempts WHERE candidate_id = ?')
      .all(candidateId)
      .map((row) => row.id);
  }

  /** One page of history, newest first, keyed on the last id of the previous page. */
  page(
    filter: HistoryFilter,
    limit: number,
    beforeId?: number,
  ): { rows: AttemptSummaryRow[]; total: number } {
    const base = filterSql(filter);
    const paged = pageSql(filter, limit, beforeId);
    const rows = this.db
      .prepare<(string | number)[], AttemptSummaryRow>(`${ATTEMPT_SUMMARY_SELECT} ${paged.where}`)
      .all(...paged.params);
    const total = this.db
      .prepare<(string | number)[], { n: number }>(
        `SELECT count(*) AS n FROM attempts a ${base.joins} ${base.where}`,
      )
      .get(...base.params);
    return { rows, total: total?.n ?? 0 };
  }

  /** Every row of a filter, newest first, without holding them all in memory. */
  iterate(filter: HistoryFilter): IterableIterator<AttemptSummaryRow> {
    const sql = filterSql(filter);
    return this.db
      .prepare<(string | number)[], AttemptSummaryRow>(
        `${ATTEMPT_SUMMARY_SELECT} ${sql.where} ${orderSql(filter)}`,
      )
      .iterate(...sql.params);
  }
}

function columns(value: (key: (typeof SCORE_KEYS)[number]) => number | null): ScoreColumns {
  return {
    content: value('content'),
    pronunciation: value('pronunciation'),
    fluency: value('fluency'),
    words: value('words'),
    overall: value('overall'),
  };
}
