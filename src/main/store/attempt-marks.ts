import { SCORE_KEYS } from '../../shared/app-api.js';
import type { Task } from '../../shared/contract/endpoints.js';
import { ATTEMPT_SUMMARY_SELECT, type AttemptSummaryRow } from './attempt-rows.js';
import { scoreColumnsOf, type ScoreColumns } from './attempt-scores.js';
import { nowIso, type Db } from './database.js';

/** An examiner's marks as stored; `confirmed` marks equal the engine's. */
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

/** Keeps the examiner's marks beside the engine's, which stay as they are. */
export function saveMark(db: Db, id: number, mark: MarkFields): void {
  const now = nowIso();
  db.prepare(
    `INSERT INTO examiner_marks (attempt_id, confirmed, content, pronunciation, fluency, words,
           overall, comment, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (attempt_id) DO UPDATE SET confirmed = excluded.confirmed,
           content = excluded.content, pronunciation = excluded.pronunciation,
           fluency = excluded.fluency, words = excluded.words, overall = excluded.overall,
           comment = excluded.comment, updated_at = excluded.updated_at`,
  ).run(
    id,
    mark.confirmed ? 1 : 0,
    ...SCORE_KEYS.map((key) => mark.scores[key]),
    mark.comment,
    now,
    now,
  );
}

/** Removes the examiner's marks, their key point and word marks with them; the engine's stay. */
export function clearMark(db: Db, id: number): void {
  db.transaction(() => {
    db.prepare('DELETE FROM examiner_marks WHERE attempt_id = ?').run(id);
    db.prepare('UPDATE key_points SET examiner_heard = NULL WHERE attempt_id = ?').run(id);
    db.prepare('UPDATE reference_words SET examiner_said = NULL WHERE attempt_id = ?').run(id);
  })();
}

/** Every scored attempt an examiner marked too, oldest first. */
export function markedPairs(db: Db, task?: Task): MarkedPair[] {
  const rows = db
    .prepare<(string | null)[], AttemptSummaryRow>(
      `${ATTEMPT_SUMMARY_SELECT} WHERE a.status = 'scored' AND m.attempt_id IS NOT NULL
           AND (? IS NULL OR a.task = ?) ORDER BY a.id`,
    )
    .all(task ?? null, task ?? null);
  return rows.map((row) => ({
    task: row.task,
    engine: scoreColumnsOf((key) => row[key]),
    examiner: scoreColumnsOf((key) => row[`mark_${key}`]),
    maxima: scoreColumnsOf((key) => row[`${key}_max`]),
  }));
}
