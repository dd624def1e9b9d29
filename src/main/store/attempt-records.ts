import type { Task } from '../../shared/contract/endpoints.js';
import { ATTEMPT_SELECT, type AttemptRow } from './attempt-rows.js';
import { nowIso, type Db } from './database.js';

export interface NewAttempt {
  candidateId: number;
  itemId: number;
  task: Task;
  audio: { path: string; mime: string; sha256: string; durationMs?: number | null } | null;
  typedAnswer: string | null;
}

/** Inserts an attempt as recorded; its id. */
export function insert(db: Db, attempt: NewAttempt): number {
  const now = nowIso();
  const info = db
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

export function get(db: Db, id: number): AttemptRow | null {
  return db.prepare<[number], AttemptRow>(`${ATTEMPT_SELECT} WHERE a.id = ?`).get(id) ?? null;
}

/** Deletes an attempt; the row it was, or null when there was none. */
export function remove(db: Db, id: number): AttemptRow | null {
  return db.transaction(() => {
    const row = get(db, id);
    if (row) db.prepare('DELETE FROM attempts WHERE id = ?').run(id);
    return row;
  })();
}

/** Recordings saved before their length was written into them (WebM from MediaRecorder). */
export function recordingsWithoutDuration(
  db: Db,
): { id: number; audio_path: string; audio_mime: string }[] {
  return db
    .prepare<[], { id: number; audio_path: string; audio_mime: string }>(
      `SELECT id, audio_path, audio_mime FROM attempts
         WHERE audio_path IS NOT NULL AND audio_duration_ms IS NULL ORDER BY id`,
    )
    .all();
}

export function setRecordingDuration(db: Db, id: number, sha256: string, durationMs: number): void {
  db.prepare('UPDATE attempts SET audio_sha256 = ?, audio_duration_ms = ? WHERE id = ?').run(
    sha256,
    durationMs,
    id,
  );
}

export function audioPathsOfCandidate(db: Db, candidateId: number): string[] {
  return db
    .prepare<[number], { audio_path: string }>(
      'SELECT audio_path FROM attempts WHERE candidate_id = ? AND audio_path IS NOT NULL',
    )
    .all(candidateId)
    .map((row) => row.audio_path);
}

export function idsOfCandidate(db: Db, candidateId: number): number[] {
  return db
    .prepare<[number], { id: number }>('SELECT id FROM attempts WHERE candidate_id = ?')
    .all(candidateId)
    .map((row) => row.id);
}
