/**
 * Issue 13, finding 13: damaged databases, on real files, through the app's real start-up.
 * Each is detected, moved aside byte for byte, and named in a message that says what to do.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CandidatesRepo } from '../../src/main/store/candidates-repo.js';
import Database from 'better-sqlite3';
import { openDatabase } from '../../src/main/store/database.js';
import { MIGRATIONS } from '../../src/main/store/migrations.js';
import { startQuietCore } from './main-harness.js';
import { tempDir } from '../helpers/temp-dir.js';

const PAGE = 4096;

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** A real store holding enough candidates to fill many pages, closed cleanly. */
function storeWithCandidates(file: string, count: number): void {
  const db = openDatabase(file);
  const candidates = new CandidatesRepo(db);
  for (let i = 0; i < count; i++) {
    candidates.create({ name: `Candidate ${i}`, reference: `R${i}`, notes: 'n'.repeat(200) });
  }
  db.close();
}

describe('a damaged database at start', () => {
  let dir: ReturnType<typeof tempDir>;
  let file: string;

  beforeEach(() => {
    dir = tempDir('examiner-damage-');
    file = join(dir.path, 'examiner.db');
  });
  afterEach(() => dir.remove());

  async function expectSetAside(reason: RegExp): Promise<void> {
    const before = sha(file);
    const error = await startQuietCore(dir.path).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.name).toBe('DamagedDatabaseError');
    const kept = readdirSync(dir.path).find((name) => name.startsWith('examiner.db.damaged-'));
    expect(kept).toBeDefined();
    const keptAs = join(dir.path, kept!);
    expect(error!.message).toMatch(reason);
    expect(error!.message).toContain(`The database ${file} is damaged (`);
    expect(error!.message).toContain(`It has been kept, unchanged, as ${keptAs}.`);
    expect(error!.message).toContain(`restore a backup of examiner.db to ${file}`);
    // Untouched, and no empty store made in its place.
    expect(sha(keptAs)).toBe(before);
    expect(existsSync(file)).toBe(false);
  }

  it('refuses a 0-byte file instead of starting on an empty store', async () => {
    writeFileSync(file, '');
    await expectSetAside(/\(the file is empty \(0 bytes\)\)/);
  });

  it('refuses a file that is not a database', async () => {
    writeFileSync(file, 'this was a spreadsheet once '.repeat(200));
    await expectSetAside(/\(file is not a database\)/);
  });

  it('finds damage in the middle of the file with quick_check', async () => {
    storeWithCandidates(file, 400);
    const bytes = readFileSync(file);
    expect(bytes.length).toBeGreaterThan(20 * PAGE);
    // Page 10's b-tree header overwritten, as a bad sector or a torn copy would leave it.
    bytes.fill(0xa5, 9 * PAGE, 9 * PAGE + 64);
    writeFileSync(file, bytes);
    await expectSetAside(/\(integrity check: .+\)/);
  });

  it('starts on a healthy store, and on a first run with no file at all', async () => {
    storeWithCandidates(file, 3);
    const core = await startQuietCore(dir.path);
    const list = (await core.dispatch('candidates.list', {})) as unknown[];
    expect(list).toHaveLength(3);
    await core.close();
    const fresh = tempDir('examiner-fresh-');
    try {
      const empty = await startQuietCore(fresh.path);
      await empty.close();
      expect(existsSync(join(fresh.path, 'examiner.db'))).toBe(true);
    } finally {
      fresh.remove();
    }
  });

  /** Changes a closed, healthy store with plain SQLite, as a tool or a curious user might. */
  function alter(sql: string): void {
    const db = new Database(file);
    db.exec(sql);
    db.close();
  }

  it('refuses a store whose attempts table was dropped, before anything fails on it', async () => {
    storeWithCandidates(file, 3);
    alter('DROP TABLE attempts');
    await expectSetAside(/\(the table attempts is missing\)/);
  });

  it('refuses a store that lost a column', async () => {
    storeWithCandidates(file, 3);
    alter('ALTER TABLE candidates DROP COLUMN notes');
    await expectSetAside(/\(the column candidates\.notes is missing\)/);
  });

  it('leaves a store from a newer version where it is, untouched, and says what to do', async () => {
    storeWithCandidates(file, 3);
    alter('PRAGMA user_version = 999');
    const before = sha(file);
    const error = await startQuietCore(dir.path).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.name).toBe('NewerDatabaseError');
    expect(error?.message).toBe(
      `The database ${file} was written by a newer version of Examiner (schema 999; ` +
        `this version reads up to ${MIGRATIONS.length}), so Examiner did not start. ` +
        'To carry on: install that newer version again, or move examiner.db out of its folder ' +
        'to begin with an empty database; the file has not been changed.',
    );
    expect(sha(file)).toBe(before);
    expect(readdirSync(dir.path).filter((name) => name.includes('damaged'))).toEqual([]);
  });
});
