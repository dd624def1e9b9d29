import { safeStorage } from 'electron';
import type { SecretStore } from '../secrets/secret-store.js';
import { chooseKeyStore } from '../secrets/key-store-choice.js';
import { openKeyStore } from '../secrets/key-store.js';

/** The key store for this system, after the app is ready (safeStorage needs it). */
export function electronKeyStore(dataDir: string): SecretStore {
  const choice = chooseKeyStore({
    platform: process.platform,
    encryptionAvailable: safeStorage.isEncryptionAvailable(),
    linuxBackend:
      process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : undefined,
  });
  if (choice.kind === 'file') {
    console.warn(`Examiner: the API key will not be encrypted: ${choice.reason}.`);
  }
  return openKeyStore(dataDir, choice, safeStorage);
}
