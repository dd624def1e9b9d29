import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SecretStore } from './secret-store.js';

const OWNER_ONLY = 0o600;

/**
 * Writes a file that only its owner may read (0600): a fresh file born 0600 then renamed over
 * the old one, so the content is never readable by others, not even for a moment, and a crash
 * leaves the old content or the new, never half.
 */
export function writePrivateFile(file: string, data: string | Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  const staging = `${file}.new`;
  rmSync(staging, { force: true });
  writeFileSync(staging, data, { mode: OWNER_ONLY, flag: 'wx' });
  renameSync(staging, file);
}

/** The file's bytes, or null when there is none. */
export function readPrivateFile(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * `mode` only applies when a file is created: a file left too open (copied, restored from a
 * backup, written by an older version) is tightened to 0600 when the store opens it.
 */
export function tightenPrivateFile(file: string): void {
  try {
    chmodSync(file, OWNER_ONLY);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * The key in a plain file that only its owner may read (mode 0600). Not encrypted: the
 * browser host's store, and Electron's where the system has no keyring.
 */
export class FileSecretStore implements SecretStore {
  readonly description: string;

  constructor(
    private readonly file: string,
    why = '',
  ) {
    this.description = `not encrypted, in a file readable only by your user account (${file})${why}`;
    tightenPrivateFile(file);
  }

  get(): string | null {
    const secret = readPrivateFile(this.file)?.toString('utf8').trim() ?? '';
    return secret === '' ? null : secret;
  }

  set(secret: string): void {
    writePrivateFile(this.file, secret);
  }

  clear(): void {
    rmSync(this.file, { force: true });
  }
}
