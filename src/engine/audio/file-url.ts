import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
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

/**
 * The real path of the file, or a refusal. Whether a file exists is told only for paths
 * inside a root, so that the answers reveal nothing about the rest of the disk.
 */
async function resolveInside(path: string, roots: string[], allowed: string[]): Promise<string> {
  const target = await realpath(path).catch(() => null);
  const inside = (candidate: string, among: string[]) =>
    among.some((root) => isInside(root, candidate));
  if (target !== null && inside(target, allowed)) return target;
  if (target === null && inside(path, [...roots.map((root) => resolve(root)), ...allowed])) {
    throw fetchFailed('The file named by audioUrl does not exist or cannot be read.');
  }
  throw invalidUrl('audioUrl names a file outside the folders audio may be read from.');
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
  const path = resolve(localPath(url));
  const target = await resolveInside(path, roots, await realRoots(roots));
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
