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
}

export type ItemFields = Omit<Item, 'id' | 'createdAt' | 'sample'>;

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
  };
}

export class ItemsRepo {
  constructor(private readonly db: Db) {}

  list(task?: Task, withSamples = true): Item[] {
    const samples = withSamples ? '' : 'AND sample_key IS NULL';
    const rows = task
      ? this.db
          .prepare<[Task], ItemRow>(`SELECT * FROM items WHERE task = ? ${samples} ORDER BY id`)
          .all(task)
      : this.db
          .prepare<[], ItemRow>(`SELECT * FROM items WHERE 1 ${samples} ORDER BY task, id`)
          .all();
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
