import type { Task } from '../../shared/contract/endpoints.js';
import type { EngineReferenceWord } from '../../shared/reference-words.js';
import { saveMark, type MarkFields } from './attempt-marks.js';
import type { Db } from './database.js';

/** A word of an rs sentence as stored: the engine's judgement and the examiner's mark, if any. */
export interface ReferenceWordRow {
  position: number;
  text: string;
  engine_said: number;
  engine_unsure: number;
  start_ms: number;
  end_ms: number;
  examiner_said: number | null;
}

/**
 * Engine and examiner on the words of the rs sentences the examiner marked: all of them, or
 * those the engine marked unsure, or the rest (`sure`).
 */
export interface WordAgreementCounts {
  words: 'all' | 'unsure' | 'sure';
  attempts: number;
  n: number;
  agreed: number;
  /** The engine said, the examiner not said. */
  engine_only: number;
  /** The engine missing, the examiner said. */
  examiner_only: number;
}

/**
 * The examiner's mark of every word of the sentence and the marks they give the attempt,
 * written together or not at all. The engine's words are stored first, from the result, the
 * first time the attempt's words are marked.
 */
export function saveWordMarks(
  db: Db,
  id: number,
  engine: readonly EngineReferenceWord[],
  examinerSaid: readonly boolean[],
  mark: MarkFields,
): void {
  db.transaction(() => {
    if (referenceWordsOf(db, id).length !== engine.length) saveEngineWords(db, id, engine);
    const update = db.prepare(
      'UPDATE reference_words SET examiner_said = ? WHERE attempt_id = ? AND position = ?',
    );
    examinerSaid.forEach((said, position) => update.run(said ? 1 : 0, id, position));
    saveMark(db, id, mark);
  })();
}

export function referenceWordsOf(db: Db, id: number): ReferenceWordRow[] {
  return db
    .prepare<[number], ReferenceWordRow>(
      `SELECT position, text, engine_said, engine_unsure, start_ms, end_ms, examiner_said
         FROM reference_words WHERE attempt_id = ? ORDER BY position`,
    )
    .all(id);
}

/**
 * How often the engine and the examiner agreed that a word was said, over every word the
 * examiner marked and apart for the words the engine marked unsure and the rest.
 */
export function wordAgreement(db: Db, task?: Task): WordAgreementCounts[] {
  return db
    .prepare<(string | null)[], WordAgreementCounts>(
      `WITH marked AS (
         SELECT r.attempt_id, r.engine_said, r.engine_unsure, r.examiner_said
           FROM reference_words r JOIN attempts a ON a.id = r.attempt_id
           WHERE r.examiner_said IS NOT NULL AND a.status = 'scored' AND (? IS NULL OR a.task = ?))
       SELECT words, count(DISTINCT attempt_id) AS attempts, count(*) AS n,
           sum(engine_said = examiner_said) AS agreed,
           sum(engine_said = 1 AND examiner_said = 0) AS engine_only,
           sum(engine_said = 0 AND examiner_said = 1) AS examiner_only
         FROM (SELECT 'all' AS words, * FROM marked
               UNION ALL
               SELECT iif(engine_unsure = 1, 'unsure', 'sure'), * FROM marked)
         GROUP BY words`,
    )
    .all(task ?? null, task ?? null);
}

function saveEngineWords(db: Db, id: number, words: readonly EngineReferenceWord[]): void {
  db.prepare('DELETE FROM reference_words WHERE attempt_id = ?').run(id);
  const insert = db.prepare(
    `INSERT INTO reference_words (attempt_id, position, text, engine_said, engine_unsure,
       start_ms, end_ms) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  words.forEach((word, position) =>
    insert.run(
      id,
      position,
      word.text,
      word.said ? 1 : 0,
      word.unsure ? 1 : 0,
      word.start,
      word.end,
    ),
  );
}
