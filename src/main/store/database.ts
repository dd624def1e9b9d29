import Database from 'better-sqlite3';
import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { migrate } from './migrations.js';

export type Db = Database.Database;

/** The files SQLite keeps beside the database in WAL mode; they belong with it. */
const COMPANIONS = ['', '-wal', '-shm'];

/**
 * The store cannot be used: it has been moved aside, unchanged, and the app does not start on an
 * empty one in its place without the examiner knowing.
 */
export class DamagedDatabaseError extends Error {
  constructor(
    readonly file: string,
    readonly keptAs: string,
    reason: string,
  ) {
    super(
      `The database ${file} is damaged (${reason}), so Examiner did not start. ` +
        `It has been kept, unchanged, as ${keptAs}. ` +
        `To carry on: restore a backup of ${basename(file)} to ${file}, or start Examiner ` +
        'again to begin with an empty database. Candidates, items and attempts may still be ' +
        `recoverable from the kept copy with sqlite3's ".recover" command.`,
    );
    this.name = 'DamagedDatabaseError';
  }
}

function size(file: string): number {
  return existsSync(file) ? statSync(file).size : 0;
}

/**
 * Why the existing file cannot be trusted, or null when it can (or does not exist yet). Read
 * only, so that nothing is written into a damaged file: a read-write close would checkpoint
 * the WAL into it.
 */
function damage(file: string): string | null {
  if (!existsSync(file)) return null;
  // The app writes its schema at once: an empty file with nothing in its WAL was truncated.
  if (size(file) === 0 && size(`${file}-wal`) === 0) return 'the file is empty (0 bytes)';
  let db: Db | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const problems = (db.pragma('quick_check') as { quick_check: string }[])
      .flatMap((row) => row.quick_check.split('\n'))
      .filter((line) => line !== 'ok' && !line.startsWith('*** in database'));
    return problems.length === 0 ? null : `integrity check: ${problems.slice(0, 3).join('; ')}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    db?.close();
  }
}

function setAside(file: string): string {
  const keptAs = `${file}.damaged-${new Date().toISOString().replace(/[:.]/gu, '-')}`;
  for (const suffix of COMPANIONS) {
    if (existsSync(file + suffix)) renameSync(file + suffix, keptAs + suffix);
  }
  return keptAs;
}

/**
 * Opens (creating if needed) the app's SQLite file. WAL with synchronous=FULL makes every
 * committed transaction survive a killed process or a power cut. A damaged file (empty,
 * not a database, or failing SQLite's quick_check) is moved aside and reported, never opened.
 */
export function openDatabase(file: string): Db {
  mkdirSync(dirname(file), { recursive: true });
  const reason = damage(file);
  if (reason !== null) throw new DamagedDatabaseError(file, setAside(file), reason);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

export function nowIso(): string {
  return new Date().toISOString();
}
