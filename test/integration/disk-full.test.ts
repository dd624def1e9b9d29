/**
 * Issue 13, finding 10: a full disk. Run on a small tmpfs mounted for the test (root only; the
 * suite says why it skips elsewhere), so that the disk really fills and really frees up.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import type { AppCore } from '../../src/main/core/app-core.js';
import { createLogger } from '../../src/main/logging/logger.js';
import { QueueHarness, startQuietCore, waitFor } from './main-harness.js';

function mountTmpfs(megabytes: number): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'examiner-tinyfs-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], {
    stdio: 'ignore',
  });
  if (mounted.status === 0) return dir;
  rmSync(dir, { recursive: true, force: true });
  return null;
}

const disk = mountTmpfs(16);
if (!disk) console.warn('disk-full tests skipped: mounting a small tmpfs needs root');

/** Fills the disk to within `leaveKb` of full (0: completely). */
function fill(dir: string, leaveKb: number): string {
  const free = Number(
    spawnSync('df', ['-k', '--output=avail', dir]).stdout.toString().split('\n')[1],
  );
  const filler = join(dir, 'filler');
  try {
    writeFileSync(filler, Buffer.alloc(Math.max(0, free - leaveKb) * 1024));
  } catch (error) {
    // Asked to fill it all, the write stops where the disk does.
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
  return filler;
}

describe.skipIf(!disk)('a full disk', () => {
  afterAll(() => {
    // Lazily: a file still open after a failed test must not keep the mount alive.
    spawnSync('umount', ['-l', disk!]);
    rmSync(disk!, { recursive: true, force: true });
  });

  describe('the log', () => {
    const logs = join(disk!, 'logs');
    let filler = '';
    afterAll(() => rmSync(filler, { force: true }));

    it('pauses while the disk is full and resumes, saying how much was lost, once space returns', async () => {
      const failures: string[] = [];
      const { logger, close } = createLogger(logs, 'info', {
        retryMs: 200,
        onFailure: (error) => failures.push(error.code ?? ''),
      });
      logger.info('before');
      await new Promise((resolve) => setTimeout(resolve, 100));
      filler = fill(disk!, 0);
      // Writes land asynchronously: keep logging until the failure has surfaced, then a while more.
      const deadline = Date.now() + 30_000;
      for (let i = 0; failures.length === 0 && Date.now() < deadline; i++) {
        logger.info({ i, pad: 'x'.repeat(200) }, 'while full');
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      for (let i = 0; i < 50; i++) logger.info({ i }, 'while full');
      // Said once per outage, not once per line.
      expect(failures[0]).toBe('ENOSPC');
      expect(failures.length).toBeLessThan(3);
      rmSync(filler);
      await new Promise((resolve) => setTimeout(resolve, 300));
      logger.info('after');
      await close();
      const lines = readFileSync(join(logs, 'main.log'), 'utf8').split('\n');
      const messages = lines.flatMap((line) => {
        try {
          return [(JSON.parse(line) as { msg: string }).msg];
        } catch {
          return []; // the write cut short by the full disk
        }
      });
      expect(messages[0]).toBe('before');
      expect(messages.at(-2)).toMatch(/^\d+ log lines were lost: the log could not be written$/);
      expect(messages.at(-1)).toBe('after');
    });
  });

  describe('recordings', () => {
    let harness: QueueHarness;
    let filler = '';
    const dataDir = join(disk!, 'data');

    beforeAll(() => {
      mkdirSync(dataDir);
      harness = new QueueHarness(dataDir, null);
    });
    afterAll(async () => {
      rmSync(filler, { force: true });
      await harness.close();
    });

    it('are refused, saying the disk is full, and accepted again once space returns', async () => {
      const { candidateId, rsItem } = harness.seed();
      const recordings = join(dataDir, 'recordings');
      filler = fill(disk!, 4 * 1024);
      await expect(harness.submitAudio(candidateId, rsItem)).rejects.toThrow(
        new RegExp(
          `^The disk is full: the recordings folder ${recordings} has \\d\\.\\d MB free\\. ` +
            'Free some space on that disk, then submit again\\.$',
        ),
      );
      expect(harness.db.prepare('SELECT count(*) AS n FROM attempts').get()).toEqual({ n: 0 });
      expect(readdirSync(recordings)).toEqual([]);

      rmSync(filler);
      const attempt = await harness.submitAudio(candidateId, rsItem);
      await waitFor(() => harness.status(attempt.id) !== undefined);
      expect(readdirSync(recordings)).toHaveLength(1);
    });
  });

  describe('every other write path of the app', () => {
    const dataDir = join(disk!, 'app');
    const file = join(dataDir, 'examiner.db');
    let core: AppCore;
    let filler = '';
    const full = new RegExp(
      `^The disk is full: the data folder ${dataDir} has \\d+\\.\\d MB free\\. ` +
        'Free some space on that disk, then try again\\.$',
    );
    const count = (table: string) => {
      const db = new Database(file, { readonly: true });
      try {
        return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
      } finally {
        db.close();
      }
    };

    beforeAll(async () => {
      mkdirSync(dataDir);
      core = await startQuietCore(dataDir);
    });
    afterAll(async () => {
      rmSync(filler, { force: true });
      await core.close();
    });

    it('say the disk is full, keep nothing half-written, and work again once space returns', async () => {
      const candidate = (await core.dispatch('candidates.create', { name: 'Ana' })) as {
        id: number;
      };
      const item = (await core.dispatch('items.create', {
        task: 'wfd',
        title: 'Dictation',
        refText: 'The library opens at nine.',
      })) as { id: number };
      const answer = { candidateId: candidate.id, itemId: item.id, typedAnswer: 'the library' };
      await core.dispatch('attempts.submitDictation', answer);
      const before = { candidates: count('candidates'), attempts: count('attempts') };
      // An empty WAL: every new row must grow a file on the full disk, not reuse old pages.
      const db = new Database(file);
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
      filler = fill(disk!, 0);

      await expect(core.dispatch('candidates.create', { name: 'Ben' })).rejects.toThrow(full);
      await expect(core.dispatch('attempts.submitDictation', answer)).rejects.toThrow(full);
      await expect(core.dispatch('export.csv', {})).rejects.toThrow(full);
      expect({ candidates: count('candidates'), attempts: count('attempts') }).toEqual(before);
      expect(readdirSync(join(dataDir, 'exports'))).toEqual([]);

      rmSync(filler);
      await core.dispatch('candidates.create', { name: 'Ben' });
      await core.dispatch('attempts.submitDictation', answer);
      await core.dispatch('export.csv', {});
      expect(count('candidates')).toBe(before.candidates + 1);
      expect(count('attempts')).toBe(before.attempts + 1);
      expect(readdirSync(join(dataDir, 'exports'))).toHaveLength(1);
    });
  });
});
