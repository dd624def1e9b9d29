import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate, schemaVersion } from '../../src/main/store/migrations.js';
import { openDatabase } from '../../src/main/store/database.js';

describe('store migrations', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'examiner-mig-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('brings a new file to the latest version with WAL and foreign keys on', () => {
    const db = openDatabase(join(dir, 'a.db'));
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    const tables = db
      .prepare<[], { name: string }>(
        `SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`,
      )
      .all()
      .map((row) => row.name);
    expect(tables).toEqual(expect.arrayContaining(['attempts', 'candidates', 'items', 'settings']));
    db.close();
  });

  it('is a no-op on a file that is already current', () => {
    const file = join(dir, 'b.db');
    openDatabase(file).close();
    const db = openDatabase(file);
    expect(migrate(db)).toBe(MIGRATIONS.length);
    db.close();
  });

  it('applies only the pending steps, each in its own transaction', () => {
    const db = new Database(join(dir, 'c.db'));
    const steps = [
      'CREATE TABLE one (x INTEGER);',
      'CREATE TABLE two (x INTEGER); CREATE TABLE one (y);',
    ];
    expect(() => migrate(db, steps)).toThrow(/already exists/u);
    expect(schemaVersion(db)).toBe(1);
    const names = db.prepare<[], { name: string }>(`SELECT name FROM sqlite_master`).all();
    expect(names.map((row) => row.name)).toEqual(['one']);
    expect(migrate(db, [steps[0]!, 'CREATE TABLE two (x INTEGER);'])).toBe(2);
    db.close();
  });

  it('refuses a file written by a newer version', () => {
    const db = new Database(join(dir, 'd.db'));
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    expect(() => migrate(db)).toThrow(/newer version of Examiner/u);
    db.close();
  });

  it('enforces the relations between attempts, candidates and items', () => {
    const db = openDatabase(join(dir, 'e.db'));
    const insert = () =>
      db
        .prepare(
          `INSERT INTO attempts (candidate_id, item_id, task, status, typed_answer, created_at, updated_at)
           VALUES (99, 99, 'wfd', 'queued', 'x', 'now', 'now')`,
        )
        .run();
    expect(insert).toThrow(/FOREIGN KEY/u);
    db.close();
  });
});
