import type { Db } from './database.js';

/** A key/value table of JSON values: the settings that are not secrets. */
export class SettingsRepo {
  constructor(private readonly db: Db) {}

  readAll(): Record<string, unknown> {
    const rows = this.db
      .prepare<[], { key: string; value: string }>('SELECT key, value FROM settings')
      .all();
    return Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
  }

  writeAll(values: Record<string, unknown>): void {
    const upsert = this.db.prepare(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    );
    this.db.transaction(() => {
      for (const [key, value] of Object.entries(values)) {
        if (value !== undefined) upsert.run(key, JSON.stringify(value));
      }
    })();
  }
}
