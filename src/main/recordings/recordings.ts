import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { DiskFullError, freeBytes, isDiskFull } from '../disk/disk-full.js';

const EXTENSIONS: Record<string, string> = {
  'audio/webm': '.webm',
  'audio/ogg': '.ogg',
  'audio/wav': '.wav',
  'audio/x-wav': '.wav',
  'audio/wave': '.wav',
  'audio/mpeg': '.mp3',
  'audio/mp4': '.m4a',
  'audio/aac': '.aac',
  'audio/flac': '.flac',
};

export interface SavedRecording {
  path: string;
  sha256: string;
}

export function extensionFor(mimeType: string): string {
  const base = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  return EXTENSIONS[base] ?? '.bin';
}

/**
 * Space a recording must leave free, so that the database and the log can still record what
 * happens to it: a new recording is refused before it fills the disk, not after.
 */
export const DISK_RESERVE_BYTES = 8 * 1024 * 1024;

function recordingsFull(dir: string, free: number): DiskFullError {
  return new DiskFullError(`the recordings folder ${dir}`, free, 'submit again');
}

/** Refused while the disk has too little room; allowed again as soon as space returns. */
async function assertRoomFor(dir: string, size: number): Promise<void> {
  const free = await freeBytes(dir);
  if (free < size + DISK_RESERVE_BYTES) throw recordingsFull(dir, free);
}

/** Writes a recording durably (file and folder entry flushed) before anything refers to it. */
export async function saveRecording(
  dir: string,
  bytes: Uint8Array,
  mimeType: string,
): Promise<SavedRecording> {
  await mkdir(dir, { recursive: true });
  await assertRoomFor(dir, bytes.length);
  const stamp = new Date().toISOString().replace(/[:.]/gu, '-');
  // RECORDING_NAME below must keep matching what is made here.
  const path = join(dir, `${stamp}-${randomUUID().slice(0, 8)}${extensionFor(mimeType)}`);
  try {
    await writeDurably(path, bytes);
  } catch (error) {
    // A half-written file (a full disk, say) is no recording: nothing may find it later.
    await rm(path, { force: true }).catch(() => undefined);
    if (isDiskFull(error)) throw recordingsFull(dir, await freeBytes(dir).catch(() => 0));
    throw error;
  }
  await syncFolder(dir);
  return { path, sha256: createHash('sha256').update(bytes).digest('hex') };
}

async function writeDurably(path: string, bytes: Uint8Array): Promise<void> {
  const file = await open(path, 'wx', 0o600);
  try {
    await file.writeFile(bytes);
    await file.sync();
  } finally {
    await file.close();
  }
}

async function syncFolder(dir: string): Promise<void> {
  // Directories cannot be opened for fsync on Windows; NTFS journals the entry itself.
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Replaces a recording's bytes in one step: a crash leaves the old file or the new, whole. */
export async function replaceRecording(path: string, bytes: Uint8Array): Promise<string> {
  const temporary = `${path}.${randomUUID().slice(0, 8)}.tmp`;
  try {
    await writeDurably(temporary, bytes);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncFolder(dirname(path));
  return createHash('sha256').update(bytes).digest('hex');
}

export async function readRecording(path: string): Promise<Buffer> {
  return readFile(path);
}

export async function removeRecording(path: string | null): Promise<void> {
  if (path) await rm(path, { force: true });
}

/** The names saveRecording gives; nothing else in the (user-chosen) folder is ever touched. */
const RECORDING_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}\.[a-z0-9]+$/u;

/**
 * Younger files are left alone: another instance of the app on the same folder may be between
 * writing a recording and inserting its row.
 */
export const ORPHAN_MIN_AGE_MS = 10 * 60_000;

/**
 * Removes recordings no attempt refers to: a process killed between writing the file and
 * inserting its row leaves one behind. Such a file has no candidate or item to be adopted
 * under, and its examiner was never told it was saved. Returns the paths removed.
 */
export async function removeOrphanRecordings(
  dir: string,
  referenced: Iterable<string>,
  now = Date.now(),
): Promise<string[]> {
  const known = new Set([...referenced].map((path) => basename(path)));
  const names = await readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    if (!RECORDING_NAME.test(name) || known.has(name)) continue;
    const path = join(dir, name);
    const stats = await stat(path).catch(() => null);
    if (!stats?.isFile() || now - stats.mtimeMs < ORPHAN_MIN_AGE_MS) continue;
    await rm(path, { force: true });
    removed.push(path);
  }
  return removed;
}
