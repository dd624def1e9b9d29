import { nowIso, type Db } from './database.js';

export interface SittingRow {
  id: number;
  candidate_id: number;
  candidate_name: string;
  status: 'in_progress' | 'finished';
  created_at: string;
  finished_at: string | null;
}

export interface SittingStepRow {
  position: number;
  item_id: number;
  attempt_id: number | null;
  skipped: number;
}

/** Mock test sittings: a candidate, items in exam order, and the attempt made for each. */
export class SittingsRepo {
  constructor(private readonly db: Db) {}

  create(candidateId: number, itemIds: number[]): number {
    return this.db.transaction(() => {
      const info = this.db
        .prepare(
          `INSERT INTO sittings (candidate_id, status, created_at) VALUES (?, 'in_progress', ?)`,
        )
        .run(candidateId, nowIso());
      const id = Number(info.lastInsertRowid);
      const step = this.db.prepare(
        'INSERT INTO sitting_items (sitting_id, position, item_id) VALUES (?, ?, ?)',
      );
      itemIds.forEach((itemId, position) => step.run(id, position, itemId));
      return id;
    })();
  }

  get(id: number): SittingRow | null {
    return (
      this.db
        .prepare<[number], SittingRow>(
          `SELECT s.*, c.name AS candidate_name FROM sittings s
           JOIN candidates c ON c.id = s.candidate_id WHERE s.id = ?`,
        )
        .get(id) ?? null
    );
  }

  steps(id: number): SittingStepRow[] {
    return this.db
      .prepare<[number], SittingStepRow>(
        `SELECT position, item_id, attempt_id, skipped FROM sitting_items
         WHERE sitting_id = ? ORDER BY position`,
      )
      .all(id);
  }

  unfinishedIds(): number[] {
    return this.db
      .prepare<[], { id: number }>(
        `SELECT id FROM sittings WHERE status = 'in_progress' ORDER BY id DESC`,
      )
      .all()
      .map((row) => row.id);
  }

  /** Links the answer to its step, only while the step is still open. */
  answer(id: number, position: number, attemptId: number): boolean {
    return (
      this.db
        .prepare(
          `UPDATE sitting_items SET attempt_id = ? WHERE sitting_id = ? AND position = ?
           AND attempt_id IS NULL AND skipped = 0`,
        )
        .run(attemptId, id, position).changes === 1
    );
  }

  skip(id: number, position: number): boolean {
    return (
      this.db
        .prepare(
          `UPDATE sitting_items SET skipped = 1 WHERE sitting_id = ? AND position = ?
           AND attempt_id IS NULL AND skipped = 0`,
        )
        .run(id, position).changes === 1
    );
  }

  /**
   * Unlinks a step's failed answer (it stays in History): the step is open again to be
   * recorded again, or closed as not answered (`skipped`). The sitting is open again too.
   */
  release(id: number, position: number, skipped: boolean): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          `UPDATE sitting_items SET attempt_id = NULL, skipped = ? WHERE sitting_id = ? AND position = ?`,
        )
        .run(skipped ? 1 : 0, id, position);
      this.db
        .prepare(`UPDATE sittings SET status = 'in_progress', finished_at = NULL WHERE id = ?`)
        .run(id);
    })();
  }

  finish(id: number): void {
    this.db
      .prepare(
        `UPDATE sittings SET status = 'finished', finished_at = ?
         WHERE id = ? AND status = 'in_progress'`,
      )
      .run(nowIso(), id);
  }
}
