import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

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

/** Writes a recording durably (file and folder entry flushed) before anything refers to it. */
export async function saveRecording(
  dir: string,
  bytes: Uint8Array,
  mimeType: string,
): Promise<SavedRecording> {
  await mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/gu, '-');
  const path = join(dir, `${stamp}-${randomUUID().slice(0, 8)}${extensionFor(mimeType)}`);
  try {
    await writeDurably(path, bytes);
  } catch (error) {
    // A half-written file (a full disk, say) is no recording: nothing may find it later.
    await rm(path, { force: true }).catch(() => undefined);
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
