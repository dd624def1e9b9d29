import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, parse } from 'node:path';
import { UserFacingError } from '../errors/user-facing-error.js';

/** How long a folder may take to answer: a network share that has gone away never does. */
export const FOLDER_CHECK_LIMIT_MS = 5000;

/**
 * Makes sure `dir` exists and takes files, without ever blocking the app: every step is
 * asynchronous, and the whole check gives up after `limitMs`. Node's recursive mkdir is not
 * used: on a path it can never create (under /proc, say) it loops for ever.
 */
export async function checkWritableFolder(
  dir: string,
  limitMs = FOLDER_CHECK_LIMIT_MS,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          refused(dir, `it did not answer within ${limitMs / 1000} s (a disk or share not there?)`),
        ),
      limitMs,
    );
  });
  try {
    await Promise.race([createAndProbe(dir), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function createAndProbe(dir: string): Promise<void> {
  const root = parse(dir).root;
  if (!(await exists(root))) {
    throw refused(dir, `the drive ${root} is not available`);
  }
  const missing: string[] = [];
  let existing = dir;
  while (!(await exists(existing))) {
    missing.unshift(existing);
    existing = dirname(existing);
  }
  if (!(await stat(existing)).isDirectory()) {
    throw refused(dir, `${existing} is a file, not a folder`);
  }
  for (const folder of missing) {
    await mkdir(folder).catch((error: unknown) => {
      throw folderError(dir, folder, error);
    });
  }
  // A probe file proves the folder takes files (a read-only disk may still list as writable).
  const probe = join(dir, `.examiner-check-${randomUUID()}`);
  await writeFile(probe, '').catch((error: unknown) => {
    throw folderError(dir, dir, error);
  });
  await rm(probe, { force: true });
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

function folderError(dir: string, at: string, error: unknown): UserFacingError {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const reason =
    code === 'EROFS'
      ? `${dirname(at)} is on a read-only disk`
      : code === 'EACCES' || code === 'EPERM'
        ? `Examiner may not write in ${dirname(at)}`
        : code === 'ENOENT'
          ? `${dirname(at)} does not take new folders (a system folder such as /proc, or a disk that went away)`
          : code === 'ENOSPC'
            ? `its disk is full`
            : `the system refused (${code ?? String(error)})`;
  return refused(dir, reason, String(error));
}

function refused(dir: string, reason: string, detail: string | null = null): UserFacingError {
  return new UserFacingError(
    `The recordings folder ${dir} cannot be created or written: ${reason}. Choose another folder.`,
    detail,
  );
}
