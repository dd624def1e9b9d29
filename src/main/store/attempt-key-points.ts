import type { EngineKeyPoint } from '../../shared/key-points.js';
import type { Task } from '../../shared/contract/endpoints.js';
import { saveMark, type MarkFields } from './attempt-marks.js';
import type { Db } from './database.js';

/** A result's key point as stored: the engine's judgement and the examiner's mark, if any. */
export interface KeyPointRow {
  position: number;
  text: string;
  engine_heard: number;
  engine_confidence: number | null;
  start_ms: number;
  end_ms: number;
  examiner_heard: number | null;
}

/** Engine and examiner on one key point of one item, over the attempts the examiner marked. */
export interface KeyPointAgreementRow {
  task: Task;
  item_id: number;
  item_title: string;
  text: string;
  n: number;
  agreed: number;
  engine_only: number;
  examiner_only: number;
}

/** Replaces an attempt's key points with the engine's, unmarked (call inside a transaction). */
export function saveEngineKeyPoints(db: Db, id: number, points: readonly EngineKeyPoint[]): void {
  db.prepare('DELETE FROM key_points WHERE attempt_id = ?').run(id);
  const insert = db.prepare(
    `INSERT INTO key_points (attempt_id, position, text, engine_heard, engine_confidence,
       start_ms, end_ms) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  points.forEach((point, position) =>
    insert.run(
      id,
      position,
      point.text,
      point.heard ? 1 : 0,
      point.confidence,
      point.start,
      point.end,
    ),
  );
}

/**
 * The examiner's mark of every key point and the marks they give the attempt, written
 * together or not at all. The engine's key points are stored first where the attempt was
 * scored before they were kept.
 */
export function saveKeyPointMarks(
  db: Db,
  id: number,
  engine: readonly EngineKeyPoint[],
  examinerHeard: readonly boolean[],
  mark: MarkFields,
): void {
  db.transaction(() => {
    if (keyPointsOf(db, id).length !== engine.length) saveEngineKeyPoints(db, id, engine);
    const update = db.prepare(
      'UPDATE key_points SET examiner_heard = ? WHERE attempt_id = ? AND position = ?',
    );
    examinerHeard.forEach((heard, position) => update.run(heard ? 1 : 0, id, position));
    saveMark(db, id, mark);
  })();
}

export function keyPointsOf(db: Db, id: number): KeyPointRow[] {
  return db
    .prepare<[number], KeyPointRow>(
      `SELECT position, text, engine_heard, engine_confidence, start_ms, end_ms, examiner_heard
         FROM key_points WHERE attempt_id = ? ORDER BY position`,
    )
    .all(id);
}

/** Per item and key point, how often the engine and the examiner agreed; items by title. */
export function keyPointAgreement(db: Db, task?: Task): KeyPointAgreementRow[] {
  return db
    .prepare<(string | null)[], KeyPointAgreementRow>(
      `SELECT a.task, a.item_id, i.title AS item_title, k.text, count(*) AS n,
           sum(k.engine_heard = k.examiner_heard) AS agreed,
           sum(k.engine_heard = 1 AND k.examiner_heard = 0) AS engine_only,
           sum(k.engine_heard = 0 AND k.examiner_heard = 1) AS examiner_only
         FROM key_points k
         JOIN attempts a ON a.id = k.attempt_id
         JOIN items i ON i.id = a.item_id
         WHERE k.examiner_heard IS NOT NULL AND a.status = 'scored' AND (? IS NULL OR a.task = ?)
         GROUP BY a.item_id, k.text
         ORDER BY i.title COLLATE NOCASE, a.item_id, min(k.position)`,
    )
    .all(task ?? null, task ?? null);
}
