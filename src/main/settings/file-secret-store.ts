import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SecretStore } from '../core/app-core.js';

/**
 * The browser host's key store: a plain file that only its owner may read (mode 0600).
 * The Electron host uses the OS keychain (safeStorage) instead.
 */
export class FileSecretStore implements SecretStore {
  readonly description: string;

  constructor(private readonly file: string) {
    this.description = `a file readable only by your user account (${file})`;
  }

  get(): string | null {
    try {
      const secret = readFileSync(this.file, 'utf8').trim();
      return secret === '' ? null : secret;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  set(secret: string): void {
    mkdirSync(dirname(this.file), { recursive: true });
    // A fresh file born 0600 then renamed over the old one: the key is never readable by
    // others, not even for a moment, and a crash leaves the old key or the new, never half.
    const staging = `${this.file}.new`;
    rmSync(staging, { force: true });
    writeFileSync(staging, secret, { encoding: 'utf8', mode: 0o600, flag: 'wx' });
    renameSync(staging, this.file);
  }

  clear(): void {
    rmSync(this.file, { force: true });
  }
}
