import type { Item } from '../../shared/app-api.js';
import type { Task } from '../../shared/contract/endpoints.js';
import { nowIso, type Db } from './database.js';

interface ItemRow {
  id: number;
  task: Task;
  title: string;
  ref_text: string;
  keywords_json: string;
  prompt_audio_path: string | null;
  image_path: string | null;
  sample_key: string | null;
  created_at: string;
  archived_at: string | null;
}

export type ItemFields = Omit<Item, 'id' | 'createdAt' | 'sample' | 'archivedAt'>;

function toItem(row: ItemRow): Item {
  return {
    id: row.id,
    task: row.task,
    title: row.title,
    refText: row.ref_text,
    keywords: JSON.parse(row.keywords_json) as string[],
    promptAudioPath: row.prompt_audio_path,
    imagePath: row.image_path,
    sample: row.sample_key !== null,
    createdAt: row.created_at,
    archivedAt: row.archived_at,
  };
}

export class ItemsRepo {
  constructor(private readonly db: Db) {}

  /**
   * Sample items only while the examiner shows them; archived items only when asked: they leave
   * the pick lists but keep their attempts.
   */
  list(task?: Task, withSamples = true, includeArchived = false): Item[] {
    const rows = this.db
      .prepare<[string | null, string | null, number, number], ItemRow>(
        `SELECT * FROM items WHERE (? IS NULL OR task = ?) AND (? OR sample_key IS NULL)
           AND (? OR archived_at IS NULL)
         ORDER BY archived_at IS NOT NULL, task, id`,
      )
      .all(task ?? null, task ?? null, withSamples ? 1 : 0, includeArchived ? 1 : 0);
    return rows.map(toItem);
  }

  /** Whether an item of this task already has this title (imports refuse such a row). */
  hasTitle(task: Task, title: string): boolean {
    return (
      this.db
        .prepare<[Task, string], { id: number }>(
          'SELECT id FROM items WHERE task = ? AND title = ? COLLATE NOCASE LIMIT 1',
        )
        .get(task, title) !== undefined
    );
  }

  /** Runs `work` in one transaction: all its rows are written, or none. */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  setArchived(id: number, archivedAt: string | null): Item | null {
    this.db.prepare('UPDATE items SET archived_at = ? WHERE id = ?').run(archivedAt, id);
    return this.get(id);
  }

  get(id: number): Item | null {
    const row = this.db.prepare<[number], ItemRow>('SELECT * FROM items WHERE id = ?').get(id);
    return row ? toItem(row) : null;
  }

  create(fields: ItemFields, sampleKey: string | null = null): Item {
    const info = this.db
      .prepare(
        `INSERT INTO items (task, title, ref_text, keywords_json, prompt_audio_path, image_path,
         created_at, sample_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(...this.values(fields), nowIso(), sampleKey);
    return this.get(Number(info.lastInsertRowid)) as Item;
  }

  update(id: number, fields: ItemFields): Item | null {
    this.db
      .prepare(
        `UPDATE items SET task = ?, title = ?, ref_text = ?, keywords_json = ?,
         prompt_audio_path = ?, image_path = ? WHERE id = ?`,
      )
      .run(...this.values(fields), id);
    return this.get(id);
  }

  delete(id: number): boolean {
    return this.db.prepare('DELETE FROM items WHERE id = ?').run(id).changes === 1;
  }

  attemptCount(id: number): number {
    const row = this.db
      .prepare<[number], { n: number }>('SELECT count(*) AS n FROM attempts WHERE item_id = ?')
      .get(id);
    return row?.n ?? 0;
  }

  sittingCount(id: number): number {
    const row = this.db
      .prepare<[number], { n: number }>('SELECT count(*) AS n FROM sitting_items WHERE item_id = ?')
      .get(id);
    return row?.n ?? 0;
  }

  private values(fields: ItemFields): [Task, string, string, string, string | null, string | null] {
    return [
      fields.task,
      fields.title,
      fields.refText,
      JSON.stringify(fields.keywords),
      fields.promptAudioPath,
      fields.imagePath,
    ];
  }
}
