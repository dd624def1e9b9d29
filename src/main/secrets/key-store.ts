import { join } from 'node:path';
import type { SecretStore } from './secret-store.js';
import { EncryptedFileSecretStore, type Cipher } from './encrypted-file-secret-store.js';
import { FileSecretStore } from './file-secret-store.js';
import type { KeyStoreChoice } from './key-store-choice.js';

export const ENCRYPTED_KEY_FILE = 'api-key.enc';
export const PLAIN_KEY_FILE = 'api-key';

/**
 * Opens the store the choice names, and moves a key left in the other store into it: a key
 * kept in the plain file while there was no keyring is encrypted once there is one, and a
 * key "encrypted" with `basic_text` by an older version is moved into the honestly labelled
 * file. The old copy is removed only after the new one is written.
 */
export function openKeyStore(dataDir: string, choice: KeyStoreChoice, cipher: Cipher): SecretStore {
  const encryptedFile = join(dataDir, ENCRYPTED_KEY_FILE);
  const plainFile = join(dataDir, PLAIN_KEY_FILE);
  if (choice.kind === 'encrypted') {
    const store = new EncryptedFileSecretStore(encryptedFile, cipher, choice.keychain);
    moveKey(new FileSecretStore(plainFile), store);
    return store;
  }
  const store = new FileSecretStore(plainFile, `; ${choice.reason}`);
  moveKey(new EncryptedFileSecretStore(encryptedFile, cipher, 'the old keychain'), store);
  return store;
}

function moveKey(from: SecretStore, to: SecretStore): void {
  const key = from.get();
  if (key === null) return;
  if (to.get() === null) to.set(key);
  from.clear();
}
