import Database from 'better-sqlite3';
import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { MIGRATIONS, migrate, schemaVersion } from './migrations.js';

export type Db = Database.Database;

/** The files SQLite keeps beside the database in WAL mode; they belong with it. */
const COMPANIONS = ['', '-wal', '-shm'];

/** The store cannot be opened; the message says why and what to do, and is all a person sees. */
export class DatabaseStartError extends Error {}

/**
 * The store cannot be used: it has been moved aside, unchanged, and the app does not start on an
 * empty one in its place without the examiner knowing.
 */
export class DamagedDatabaseError extends DatabaseStartError {
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

/** A store written by a later version: left where it is, untouched, for that version to open. */
export class NewerDatabaseError extends DatabaseStartError {
  constructor(
    readonly file: string,
    readonly version: number,
  ) {
    super(
      `The database ${file} was written by a newer version of Examiner (schema ${version}; ` +
        `this version reads up to ${MIGRATIONS.length}), so Examiner did not start. ` +
        `To carry on: install that newer version again, or move ${basename(file)} out of ` +
        `its folder to begin with an empty database; the file has not been changed.`,
    );
    this.name = 'NewerDatabaseError';
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
    if (problems.length > 0) return `integrity check: ${problems.slice(0, 3).join('; ')}`;
    const version = schemaVersion(db);
    if (version > MIGRATIONS.length) throw new NewerDatabaseError(file, version);
    return missingStructure(db, version);
  } catch (error) {
    if (error instanceof NewerDatabaseError) throw error;
    return error instanceof Error ? error.message : String(error);
  } finally {
    db?.close();
  }
}

type Columns = Map<string, string[]>;

function tableColumns(db: Db): Columns {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .all() as string[];
  return new Map(
    tables.map((table) => [
      table,
      (db.pragma(`table_info("${table.replace(/"/gu, '""')}")`) as { name: string }[]).map(
        (column) => column.name,
      ),
    ]),
  );
}

/** The tables and columns the migrations up to `version` make, from a scratch in-memory store. */
function expectedColumns(version: number): Columns {
  const scratch = new Database(':memory:');
  try {
    migrate(scratch, MIGRATIONS.slice(0, version));
    return tableColumns(scratch);
  } finally {
    scratch.close();
  }
}

/**
 * A table or column the file's schema version promises but the file lacks (dropped by hand, or
 * by a tool): SQLite finds nothing wrong with such a file, but the app would fail on first use.
 */
function missingStructure(db: Db, version: number): string | null {
  const actual = tableColumns(db);
  for (const [table, columns] of expectedColumns(version)) {
    const present = actual.get(table);
    if (!present) return `the table ${table} is missing`;
    const absent = columns.find((column) => !present.includes(column));
    if (absent) return `the column ${table}.${absent} is missing`;
  }
  return null;
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
