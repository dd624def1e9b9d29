import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/store/database.js';
import { tempDir } from '../helpers/temp-dir.js';

const WRITER = join(import.meta.dirname, 'store-crash-writer.ts');

function runAndKill(dbFile: string, afterLines: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dbFile], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const committed: number[] = [];
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) committed.push(...line.split(',').map(Number));
      if (committed.length >= afterLines * 3) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL'
        ? resolve(committed)
        : reject(new Error(`writer exited without being killed`)),
    );
  });
}

describe('store after the app is killed mid-write', () => {
  const dir = tempDir();
  afterEach(() => dir.remove());

  it('opens cleanly with every committed attempt and no half transaction', async () => {
    const file = join(dir.path, 'examiner.db');
    const committed = await runAndKill(file, 200);
    const db = openDatabase(file);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
    const stored = db
      .prepare<[], { id: number; status: string }>('SELECT id, status FROM attempts')
      .all();
    const storedIds = new Set(stored.map((row) => row.id));
    expect(committed.every((id) => storedIds.has(id))).toBe(true);
    expect(stored.length % 3).toBe(0);
    expect(stored.every((row) => row.status === 'queued')).toBe(true);
    db.close();
  });
});
