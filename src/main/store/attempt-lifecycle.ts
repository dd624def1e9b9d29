import { SCORE_KEYS, type AttemptStatus, type QueueStatus } from '../../shared/app-api.js';
import type { EngineKeyPoint } from '../../shared/key-points.js';
import { saveEngineKeyPoints } from './attempt-key-points.js';
import type { AttemptRow } from './attempt-rows.js';
import { get } from './attempt-records.js';
import type { ScoreColumns } from './attempt-scores.js';
import { nowIso, type Db } from './database.js';

/*
 * An attempt's way through scoring. Every state change is an UPDATE guarded by the expected
 * current status, so two actors (the worker, a cancel, a restart) can never both move one
 * attempt.
 */

export interface FailureFields {
  kind: string;
  retryable: boolean;
  message: string;
  detail: string | null;
  responseJson: string | null;
  nextRetryAt: string | null;
}

/** Statuses the worker may pick up, oldest attempt first. */
const DUE_STATUSES = `('queued', 'failed_retryable')`;

/** Moves an attempt to `to` only if it is in one of `from`; true when it moved. */
export function transition(
  db: Db,
  id: number,
  from: readonly AttemptStatus[],
  to: AttemptStatus,
): boolean {
  const marks = from.map(() => '?').join(', ');
  const reset =
    to === 'queued'
      ? ', next_retry_at = NULL, error_message = NULL, error_detail = NULL, failure_kind = NULL'
      : '';
  return (
    db
      .prepare(
        `UPDATE attempts SET status = ?, updated_at = ?${reset} WHERE id = ? AND status IN (${marks})`,
      )
      .run(to, nowIso(), id, ...from).changes === 1
  );
}

/** Claims the oldest due attempt for scoring; null when none is due. */
export function claimNext(db: Db, now: string): AttemptRow | null {
  return db
    .transaction((): AttemptRow | null => {
      const next = db
        .prepare<[string], { id: number; status: AttemptStatus }>(
          `SELECT id, status FROM attempts
           WHERE status IN ${DUE_STATUSES} AND (next_retry_at IS NULL OR next_retry_at <= ?)
           ORDER BY id LIMIT 1`,
        )
        .get(now);
      if (!next) return null;
      db.prepare(
        `UPDATE attempts SET status = 'scoring', tries = tries + 1, updated_at = ?
           WHERE id = ? AND status = ?`,
      ).run(nowIso(), next.id, next.status);
      return get(db, next.id);
    })
    .immediate();
}

export function recordRequest(db: Db, id: number, requestJson: string): void {
  db.prepare(`UPDATE attempts SET request_json = ? WHERE id = ? AND status = 'scoring'`).run(
    requestJson,
    id,
  );
}

/**
 * Stores the one result of an attempt, with its key points (rl, di); false if it was cancelled
 * or deleted meanwhile.
 */
export function markScored(
  db: Db,
  id: number,
  responseJson: string,
  scores: ScoreColumns,
  maxima: ScoreColumns,
  resultStatus = 0,
  keyPoints: readonly EngineKeyPoint[] = [],
  unsureWords = 0,
): boolean {
  return db.transaction(() => {
    const stored = storeResult(db, id, responseJson, scores, maxima, resultStatus, unsureWords);
    if (stored) saveEngineKeyPoints(db, id, keyPoints);
    return stored;
  })();
}

function storeResult(
  db: Db,
  id: number,
  responseJson: string,
  scores: ScoreColumns,
  maxima: ScoreColumns,
  resultStatus: number,
  unsureWords: number,
): boolean {
  return (
    db
      .prepare(
        `UPDATE attempts SET status = 'scored', response_json = ?, content = ?, pronunciation = ?,
             fluency = ?, words = ?, overall = ?, content_max = ?, pronunciation_max = ?,
             fluency_max = ?, words_max = ?, overall_max = ?, result_status = ?, unsure_words = ?,
             error_message = NULL,
             error_detail = NULL, failure_kind = NULL, next_retry_at = NULL, updated_at = ?
           WHERE id = ? AND status = 'scoring'`,
      )
      .run(
        responseJson,
        ...SCORE_KEYS.map((key) => scores[key]),
        ...SCORE_KEYS.map((key) => maxima[key]),
        resultStatus,
        unsureWords,
        nowIso(),
        id,
      ).changes === 1
  );
}

export function markFailed(db: Db, id: number, failure: FailureFields): boolean {
  return (
    db
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
export function requeueInterrupted(db: Db): number[] {
  return db.transaction(() => {
    const ids = db
      .prepare<[], { id: number }>(
        `SELECT id FROM attempts WHERE status IN ('scoring', 'recorded')`,
      )
      .all()
      .map((row) => row.id);
    db.prepare(
      `UPDATE attempts SET status = 'queued', updated_at = ? WHERE status IN ('scoring', 'recorded')`,
    ).run(nowIso());
    return ids;
  })();
}

/** Attempts refused for their key go back to the queue once the key or endpoint changed. */
export function requeueKeyRefused(db: Db): number[] {
  return db
    .prepare<[string], { id: number }>(
      `UPDATE attempts SET status = 'queued', next_retry_at = NULL, error_message = NULL,
           error_detail = NULL, failure_kind = NULL, updated_at = ?
         WHERE status = 'failed_permanent' AND failure_kind = 'key_refused'
         RETURNING id`,
    )
    .all(nowIso())
    .map((row) => row.id);
}

export function makeRetriesDue(db: Db): void {
  db.prepare(`UPDATE attempts SET next_retry_at = NULL WHERE status = 'failed_retryable'`).run();
}

/** When the earliest waiting retry falls due, or null if nothing waits on time. */
export function earliestRetryAt(db: Db): string | null {
  const row = db
    .prepare<[], { at: string | null }>(
      `SELECT min(next_retry_at) AS at FROM attempts WHERE status = 'failed_retryable'`,
    )
    .get();
  return row?.at ?? null;
}

/** How many attempts wait to be scored, and when the queue next tries on its own. */
export function queueStatus(db: Db): Omit<QueueStatus, 'serverAnswering'> {
  const row = db
    .prepare<[], { waiting: number; next: string | null }>(
      `SELECT count(*) AS waiting, min(next_retry_at) AS next FROM attempts
         WHERE status IN ('recorded', 'queued', 'scoring', 'failed_retryable')`,
    )
    .get();
  return { waiting: row?.waiting ?? 0, nextTryAt: row?.next ?? null };
}
