import { chmodSync, lstatSync, mkdirSync, readdirSync, type Stats } from 'node:fs';
import { join } from 'node:path';

const OWNER_ONLY_FOLDER = 0o700;
const OWNER_ONLY_FILE = 0o600;
/** Whatever is created from now on is the user's alone (files 0600, folders 0700). */
const OWNER_ONLY_UMASK = 0o077;

function tighten(path: string, stats: Stats, mode: number): void {
  if ((stats.mode & 0o777) !== mode) chmodSync(path, mode);
}

/** Folders 0700 and files 0600, all the way down. Symbolic links are not followed. */
function tightenTree(dir: string): void {
  tighten(dir, lstatSync(dir), OWNER_ONLY_FOLDER);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) tightenTree(path);
    else if (entry.isFile()) tighten(path, lstatSync(path), OWNER_ONLY_FILE);
  }
}

/**
 * The data folder holds candidates' names, recordings and scores: at every start it is made
 * readable by its user only, whatever modes an older version, a copy or a restore left on it
 * (the database, its -wal and -shm, exports, logs, recordings and anything else), and the
 * process's umask makes every file written afterwards private too.
 */
export function makeDataDirPrivate(dataDir: string): void {
  // umask is per process; worker threads may not set it, and they create nothing here.
  process.umask(OWNER_ONLY_UMASK);
  mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY_FOLDER });
  tightenTree(dataDir);
}
