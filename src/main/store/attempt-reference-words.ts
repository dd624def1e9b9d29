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
