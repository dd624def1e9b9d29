/**
 * Issue 21, row 6: a store with its attempts table dropped, or from a newer version, stopped the
 * start with a raw SqliteError and its stack. The built browser host now says one thing and what
 * to do, and nothing else.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from './fixtures';
import { ROOT } from './support/environment';
import { MIGRATIONS } from '../../src/main/store/migrations';

test.skip(({ host }) => host !== 'browser', 'a start-up check, run in the browser-host project');

/** A real store, made by the app's own migrations, then changed by `sql`. */
function storeChangedBy(dataDir: string, sql: string): string {
  const file = join(dataDir, 'examiner.db');
  const db = new Database(file);
  for (const migration of MIGRATIONS) db.exec(migration);
  db.pragma(`user_version = ${MIGRATIONS.length}`);
  db.exec(sql);
  db.close();
  return file;
}

function startHost(
  dataDir: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['out/main/browser-host.js'], {
    cwd: ROOT,
    env: { ...process.env, EXAMINER_DATA_DIR: dataDir, EXAMINER_NO_BROWSER: '1' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

test.beforeAll(() => {
  const native = spawnSync(process.execPath, ['scripts/ensure-native.mjs', 'node'], { cwd: ROOT });
  expect(native.status).toBe(0);
});

for (const [name, sql, said] of [
  [
    'its attempts table dropped',
    'DROP TABLE attempts',
    /is damaged \(the table attempts is missing\)/u,
  ],
  [
    'a newer version',
    'PRAGMA user_version = 999',
    /was written by a newer version of Examiner \(schema 999;/u,
  ],
] as const) {
  test(`a store with ${name} stops the start with one line and a way out`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'examiner-unusable-'));
    try {
      const file = storeChangedBy(dataDir, sql);
      const result = await startHost(dataDir);
      expect(result.code).toBe(1);
      const lines = result.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Examiner could not start: The database ${file} `, 'u'));
      expect(lines[0]).toMatch(said);
      expect(lines[0]).toMatch(/To carry on: /u);
      expect(result.stderr).not.toMatch(/^\s+at /mu);
      expect(result.stdout).not.toMatch(/^\s+at /mu);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
