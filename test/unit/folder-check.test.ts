import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkWritableFolder } from '../../src/main/settings/folder-check';

const LIMIT_MS = 2000;
let dir: string | null = null;

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

describe('the recordings folder check', () => {
  it(
    'refuses a folder under /proc with a clear message, within its time limit',
    { timeout: LIMIT_MS + 1000 },
    async () => {
      // Node's own recursive mkdir never returns on this path.
      await expect(checkWritableFolder('/proc/not-writable/here', LIMIT_MS)).rejects.toThrow(
        /^The recordings folder \/proc\/not-writable\/here cannot be created or written: \/proc does not take new folders .*\. Choose another folder\.$/u,
      );
    },
  );

  it('refuses a path through a file, naming the file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'examiner-folder-'));
    writeFileSync(join(dir, 'a-file'), '');
    await expect(checkWritableFolder(join(dir, 'a-file', 'recordings'), LIMIT_MS)).rejects.toThrow(
      `${join(dir, 'a-file')} is a file, not a folder`,
    );
  });

  it('creates a missing folder, levels deep, and leaves nothing else in it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'examiner-folder-'));
    const target = join(dir, 'exams', '2026', 'recordings');
    await checkWritableFolder(target, LIMIT_MS);
    expect(existsSync(target)).toBe(true);
    expect(readdirSync(target)).toEqual([]);
  });
});
