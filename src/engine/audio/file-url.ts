import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fetchFailed, invalidUrl, tooLarge } from './errors.js';

function isInside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

function localPath(url: URL): string {
  try {
    return fileURLToPath(url);
  } catch {
    throw invalidUrl('audioUrl is a file: URL that does not name a local path.');
  }
}

async function resolveExisting(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    throw fetchFailed('The file named by audioUrl does not exist or cannot be read.');
  }
}

/** Roots that do not exist cannot hold the file; they are skipped rather than failing the request. */
async function realRoots(roots: string[]): Promise<string[]> {
  const resolved = await Promise.all(roots.map((root) => realpath(root).catch(() => undefined)));
  return resolved.filter((root): root is string => root !== undefined);
}

/**
 * Reads a `file:` URL only if its real path (symlinks and `..` resolved) lies under one of the
 * allowed roots, and refuses it unread if it is larger than `maxBytes`.
 */
export async function readFileUrl(
  url: URL,
  roots: string[],
  maxBytes: number,
): Promise<Uint8Array> {
  if (roots.length === 0) throw invalidUrl('audioUrl may not be a file: URL on this server.');
  const target = await resolveExisting(localPath(url));
  const allowed = await realRoots(roots);
  if (!allowed.some((root) => isInside(root, target))) {
    throw invalidUrl('audioUrl names a file outside the folders audio may be read from.');
  }
  return readCapped(target, maxBytes);
}

async function readCapped(path: string, maxBytes: number): Promise<Uint8Array> {
  // O_NOFOLLOW: the checked real path must not be swapped for a symlink between check and open.
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => {
    throw fetchFailed('The file named by audioUrl cannot be opened.');
  });
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw invalidUrl('audioUrl names something that is not a regular file.');
    if (stats.size > maxBytes) throw tooLarge(maxBytes);
    const buffer = new Uint8Array(stats.size);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  } finally {
    await handle.close();
  }
}
