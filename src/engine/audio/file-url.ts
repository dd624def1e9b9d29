import { constants } from 'node:fs';
import { lstat, open, readlink, realpath, type FileHandle } from 'node:fs/promises';
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

/** Where an open descriptor really leads, from the kernel; undefined where /proc is absent. */
async function openedPath(fd: number): Promise<string | undefined> {
  return readlink(`/proc/self/fd/${fd}`).catch(() => undefined);
}

/**
 * The path was checked before the open, but any folder along it may have been swapped for a
 * symlink since. What counts is the file actually opened: its real path, from the kernel
 * (Linux). Where /proc is missing, the weaker check that the checked path still names the very
 * file opened catches a swap undone in between, though not one still in place.
 */
async function assertOpenedInside(handle: FileHandle, target: string, allowed: string[]) {
  const real = await openedPath(handle.fd);
  const escaped =
    real === undefined
      ? !(await sameFile(handle, target))
      : !allowed.some((root) => isInside(root, real));
  if (escaped)
    throw invalidUrl('audioUrl names a file outside the folders audio may be read from.');
}

async function sameFile(handle: FileHandle, target: string): Promise<boolean> {
  const [opened, named] = await Promise.all([handle.stat(), lstat(target).catch(() => null)]);
  return named !== null && opened.dev === named.dev && opened.ino === named.ino;
}

async function openChecked(target: string, allowed: string[]): Promise<FileHandle> {
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, forever.
  const flags = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
  const handle = await open(target, flags).catch(() => {
    throw fetchFailed('The file named by audioUrl cannot be opened.');
  });
  try {
    await assertOpenedInside(handle, target, allowed);
    if (!(await handle.stat()).isFile()) {
      throw invalidUrl('audioUrl names something that is not a regular file.');
    }
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * Reads a `file:` URL only if the file opened lies under one of the allowed roots (symlinks and
 * `..` resolved, checked again on the open descriptor), is a regular file, is at most `maxBytes`,
 * and is read within `timeoutMs` (a hung network mount fails the request instead of holding it).
 */
export async function readFileUrl(
  url: URL,
  roots: string[],
  limits: { maxBytes: number; timeoutMs: number },
): Promise<Uint8Array> {
  if (roots.length === 0) throw invalidUrl('audioUrl may not be a file: URL on this server.');
  const path = resolve(localPath(url));
  const allowed = await realRoots(roots);
  const target = await resolveInside(path, roots, allowed);
  const handle = await openChecked(target, allowed);
  const reading = readCapped(handle, limits.maxBytes);
  // The descriptor is closed only once the read settles, whichever wins the race.
  void reading.then(
    () => handle.close(),
    () => handle.close(),
  );
  return withDeadline(reading, limits.timeoutMs);
}

function withDeadline<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(
        fetchFailed(`Reading the file named by audioUrl took longer than ${timeoutMs / 1000} s.`),
      );
    }, timeoutMs);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

async function readCapped(handle: FileHandle, maxBytes: number): Promise<Uint8Array> {
  const stats = await handle.stat();
  if (stats.size > maxBytes) throw tooLarge(maxBytes);
  const buffer = new Uint8Array(stats.size);
  let filled = 0;
  while (filled < buffer.length) {
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}
