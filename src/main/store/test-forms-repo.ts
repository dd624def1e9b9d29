import type { TestForm } from '../../shared/app-api.js';
import { nowIso, type Db } from './database.js';

interface TestFormRow {
  id: number;
  name: string;
  item_ids_json: string;
  created_at: string;
}

function toForm(row: TestFormRow): TestForm {
  return {
    id: row.id,
    name: row.name,
    itemIds: JSON.parse(row.item_ids_json) as number[],
    createdAt: row.created_at,
  };
}

/** Saved test forms: a named list of items, in order, to sit again and again. */
export class TestFormsRepo {
  constructor(private readonly db: Db) {}

  list(): TestForm[] {
    return this.db
      .prepare<[], TestFormRow>('SELECT * FROM test_forms ORDER BY name COLLATE NOCASE')
      .all()
      .map(toForm);
  }

  /** Saves under the name, replacing a form of the same name. */
  save(name: string, itemIds: number[]): TestForm {
    this.db
      .prepare(
        `INSERT INTO test_forms (name, item_ids_json, created_at) VALUES (?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET item_ids_json = excluded.item_ids_json`,
      )
      .run(name, JSON.stringify(itemIds), nowIso());
    return toForm(
      this.db.prepare<[string], TestFormRow>('SELECT * FROM test_forms WHERE name = ?').get(name)!,
    );
  }

  delete(id: number): boolean {
    return this.db.prepare('DELETE FROM test_forms WHERE id = ?').run(id).changes === 1;
  }
}
