/**
 * Issue 21, row 3: a data folder that already existed with mode 0755 (files 0644) was left
 * readable by every local user. At start, the real app core makes it the user's alone.
 */
import { chmodSync, mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../src/main/core/app-core.js';
import { startQuietCore } from './main-harness.js';
import { tempDir } from '../helpers/temp-dir.js';

const mode = (path: string) => statSync(path).mode & 0o777;

/** Every folder and file under `dir` (itself included) with its permission bits, e.g. "logs 700". */
function modes(dir: string): string[] {
  const found = [`. ${mode(dir).toString(8)}`];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isSymbolicLink()) continue;
      found.push(`${relative(dir, path)} ${mode(path).toString(8)}`);
      if (entry.isDirectory()) walk(path);
    }
  };
  walk(dir);
  return found.sort();
}

describe('the data folder at start', () => {
  let dir: ReturnType<typeof tempDir>;
  let outside: ReturnType<typeof tempDir>;
  let core: AppCore | null = null;

  beforeEach(() => {
    // The umask a user's shell usually has: new files 0644 unless the app says otherwise.
    process.umask(0o022);
    dir = tempDir('examiner-private-');
    outside = tempDir('examiner-outside-');
  });
  afterEach(async () => {
    await core?.close();
    core = null;
    dir.remove();
    outside.remove();
  });

  it('is tightened to 0700 with every file 0600, whatever modes it had', async () => {
    const data = join(dir.path, 'data');
    const open = (path: string) => {
      writeFileSync(join(data, path), 'private');
      chmodSync(join(data, path), 0o644);
    };
    for (const folder of ['exports', 'logs', 'recordings/2026', 'media']) {
      mkdirSync(join(data, folder), { recursive: true, mode: 0o755 });
      chmodSync(join(data, folder), 0o755);
    }
    chmodSync(data, 0o755);
    chmodSync(join(data, 'recordings'), 0o755);
    for (const file of ['exports/history.csv', 'logs/main.log', 'logs/main.1.log']) open(file);
    for (const file of ['recordings/2026/a.webm', 'media/picture.png', 'notes.txt']) open(file);
    // A link to somebody else's file is not followed: that file is not ours to change.
    writeFileSync(join(outside.path, 'shared.txt'), 'theirs');
    chmodSync(join(outside.path, 'shared.txt'), 0o644);
    symlinkSync(join(outside.path, 'shared.txt'), join(data, 'link'));

    core = await startQuietCore(data);
    const found = modes(data);
    // The database and its -wal and -shm exist now too, made while the core opened them; the
    // sample items' pictures were added to media/.
    expect(found).toEqual(
      expect.arrayContaining([
        '. 700',
        'examiner.db 600',
        'examiner.db-shm 600',
        'examiner.db-wal 600',
        'exports 700',
        'exports/history.csv 600',
        'logs 700',
        'logs/main.1.log 600',
        'logs/main.log 600',
        'media 700',
        'media/picture.png 600',
        'notes.txt 600',
        'recordings 700',
        'recordings/2026 700',
        'recordings/2026/a.webm 600',
      ]),
    );
    expect(found.filter((line) => !/ (600|700)$/u.test(line))).toEqual([]);
    expect(mode(join(outside.path, 'shared.txt'))).toBe(0o644);
  });

  it('tightens a database left 0644 by an earlier run, and keeps what it writes later private', async () => {
    const data = join(dir.path, 'data');
    core = await startQuietCore(data);
    await core.close();
    chmodSync(join(data, 'examiner.db'), 0o644);
    chmodSync(data, 0o755);
    core = await startQuietCore(data);
    expect(mode(data)).toBe(0o700);
    for (const file of ['examiner.db', 'examiner.db-wal', 'examiner.db-shm']) {
      expect(mode(join(data, file))).toBe(0o600);
    }
    const exported = (await core.dispatch('export.csv', {})) as { path: string };
    expect(mode(exported.path)).toBe(0o600);
    expect(mode(join(data, 'exports'))).toBe(0o700);
  });
});
