import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { safeStorage } from 'electron';
import type { SecretStore } from '../core/app-core.js';

/** The API key, encrypted by the OS keychain through safeStorage, in a file only the user can read. */
export function createSafeStorageSecretStore(dataDir: string): SecretStore {
  const file = join(dataDir, 'api-key.enc');
  return {
    get description() {
      return `encrypted with the system keychain (${backendName()}) in ${file}`;
    },
    get() {
      if (!existsSync(file)) return null;
      try {
        return safeStorage.decryptString(readFileSync(file));
      } catch {
        // Encrypted under another keychain (e.g. a copied profile): the examiner sets it again.
        return null;
      }
    },
    set(secret) {
      if (!safeStorage.isEncryptionAvailable()) {
        throw new Error(
          'The system keychain is not available, so the key cannot be stored safely.',
        );
      }
      writeFileSync(file, safeStorage.encryptString(secret), { mode: 0o600 });
    },
    clear() {
      rmSync(file, { force: true });
    },
  };
}

function backendName(): string {
  return process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : 'safeStorage';
}
