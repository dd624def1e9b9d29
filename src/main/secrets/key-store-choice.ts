/**
 * Where Electron keeps the API key. `safeStorage` encrypts with the system's keychain, except
 * on Linux without a keyring, where its `basic_text` backend uses a password written into
 * Electron itself: a key "encrypted" so is effectively in clear. The app then says so and
 * keeps the key in a 0600 file labelled as not encrypted, rather than pretend.
 */
export type KeyStoreChoice =
  { kind: 'encrypted'; keychain: string } | { kind: 'file'; reason: string };

export interface KeyStoreFacts {
  platform: NodeJS.Platform;
  /** `safeStorage.isEncryptionAvailable()`. */
  encryptionAvailable: boolean;
  /** `safeStorage.getSelectedStorageBackend()`, asked on Linux only. */
  linuxBackend?: string;
}

const LINUX_KEYCHAINS: Record<string, string> = {
  gnome_libsecret: 'the GNOME keyring (libsecret)',
  kwallet: 'KWallet',
  kwallet5: 'KWallet 5',
  kwallet6: 'KWallet 6',
};

const OTHER_KEYCHAINS: Partial<Record<NodeJS.Platform, string>> = {
  darwin: 'the macOS Keychain',
  win32: 'Windows data protection (DPAPI)',
};

export function chooseKeyStore(facts: KeyStoreFacts): KeyStoreChoice {
  if (!facts.encryptionAvailable) {
    return { kind: 'file', reason: 'the system offers no encryption to this app' };
  }
  if (facts.platform !== 'linux') {
    return {
      kind: 'encrypted',
      keychain: OTHER_KEYCHAINS[facts.platform] ?? 'the system keychain',
    };
  }
  const backend = facts.linuxBackend ?? 'unknown';
  const keychain = LINUX_KEYCHAINS[backend];
  if (keychain) return { kind: 'encrypted', keychain };
  if (backend === 'basic_text') {
    return {
      kind: 'file',
      reason:
        'this system has no keyring (GNOME Keyring or KWallet), and without one Electron ' +
        'would encrypt it with a password built into Electron, which protects nothing',
    };
  }
  return { kind: 'file', reason: `no keyring was found (backend "${backend}")` };
}
