import { statfs } from 'node:fs/promises';
import { UserFacingError } from '../errors/user-facing-error.js';

const MB = 1024 * 1024;

/**
 * Nothing could be saved because the disk is full, said the one way every write path says it.
 * Whatever the failed write began is undone by its path (a transaction rolled back, a partial
 * file removed) before this reaches the examiner.
 */
export class DiskFullError extends UserFacingError {
  constructor(folder: string, freeBytes: number, nextStep = 'try again') {
    super(
      `The disk is full: ${folder} has ${(freeBytes / MB).toFixed(1)} MB free. ` +
        `Free some space on that disk, then ${nextStep}.`,
    );
    this.name = 'DiskFullError';
  }
}

/** A write refused for want of space: by the file system, or by SQLite for the database. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL';
}

export async function freeBytes(dir: string): Promise<number> {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
}

/** The failure as the examiner should read it: a full disk named as such, anything else as it is. */
export async function explainDiskFull(error: unknown, dataDir: string): Promise<unknown> {
  if (!isDiskFull(error)) return error;
  const free = await freeBytes(dataDir).catch(() => 0);
  return new DiskFullError(`the data folder ${dataDir}`, free);
}
