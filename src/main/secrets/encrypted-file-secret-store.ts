import { rmSync } from 'node:fs';
import type { SecretStore } from './secret-store.js';
import { readPrivateFile, tightenPrivateFile, writePrivateFile } from './file-secret-store.js';

/** Electron's `safeStorage`, as far as the key store needs it. */
export interface Cipher {
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/** The key encrypted with the system keychain, in a file that only its owner may read. */
export class EncryptedFileSecretStore implements SecretStore {
  readonly description: string;

  constructor(
    private readonly file: string,
    private readonly cipher: Cipher,
    keychain: string,
  ) {
    this.description = `encrypted with ${keychain}, in ${file}`;
    tightenPrivateFile(file);
  }

  get(): string | null {
    const encrypted = readPrivateFile(this.file);
    if (!encrypted) return null;
    try {
      return this.cipher.decryptString(encrypted);
    } catch {
      // Encrypted under another keychain (a copied profile, say): the examiner sets it again.
      return null;
    }
  }

  set(secret: string): void {
    writePrivateFile(this.file, this.cipher.encryptString(secret));
  }

  clear(): void {
    rmSync(this.file, { force: true });
  }
}
