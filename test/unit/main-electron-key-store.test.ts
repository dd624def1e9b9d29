import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Cipher } from '../../src/main/secrets/encrypted-file-secret-store.js';
import { FileSecretStore } from '../../src/main/secrets/file-secret-store.js';
import { chooseKeyStore } from '../../src/main/secrets/key-store-choice.js';
import {
  ENCRYPTED_KEY_FILE,
  openKeyStore,
  PLAIN_KEY_FILE,
} from '../../src/main/secrets/key-store.js';

describe('chooseKeyStore: safeStorage only where it really encrypts', () => {
  it('uses a real Linux keyring', () => {
    for (const linuxBackend of ['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6']) {
      expect(
        chooseKeyStore({ platform: 'linux', encryptionAvailable: true, linuxBackend }).kind,
      ).toBe('encrypted');
    }
    expect(
      chooseKeyStore({
        platform: 'linux',
        encryptionAvailable: true,
        linuxBackend: 'gnome_libsecret',
      }),
    ).toEqual({ kind: 'encrypted', keychain: 'the GNOME keyring (libsecret)' });
  });

  it('never stores the key with basic_text, and says why', () => {
    const choice = chooseKeyStore({
      platform: 'linux',
      encryptionAvailable: true,
      linuxBackend: 'basic_text',
    });
    expect(choice.kind).toBe('file');
    expect(choice.kind === 'file' && choice.reason).toMatch(/no keyring.*built into Electron/u);
    expect(
      chooseKeyStore({ platform: 'linux', encryptionAvailable: true, linuxBackend: 'unknown' })
        .kind,
    ).toBe('file');
    expect(chooseKeyStore({ platform: 'linux', encryptionAvailable: true }).kind).toBe('file');
  });

  it('uses the Keychain and DPAPI, and the file when encryption is unavailable anywhere', () => {
    expect(chooseKeyStore({ platform: 'darwin', encryptionAvailable: true })).toEqual({
      kind: 'encrypted',
      keychain: 'the macOS Keychain',
    });
    expect(chooseKeyStore({ platform: 'win32', encryptionAvailable: true }).kind).toBe('encrypted');
    expect(chooseKeyStore({ platform: 'win32', encryptionAvailable: false }).kind).toBe('file');
    expect(
      chooseKeyStore({
        platform: 'linux',
        encryptionAvailable: false,
        linuxBackend: 'gnome_libsecret',
      }).kind,
    ).toBe('file');
  });
});

/** A stand-in for safeStorage: reversible, and visibly not the plain text. */
const cipher: Cipher = {
  encryptString: (plain) => Buffer.from(`enc:${Buffer.from(plain).toString('base64')}`),
  decryptString: (encrypted) => {
    const text = encrypted.toString();
    if (!text.startsWith('enc:')) throw new Error('not ours');
    return Buffer.from(text.slice(4), 'base64').toString();
  },
};

const keyring = { kind: 'encrypted', keychain: 'the test keyring' } as const;
const noKeyring = { kind: 'file', reason: 'there is no keyring' } as const;

describe.skipIf(process.platform === 'win32')('openKeyStore', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'examiner-keys-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const mode = (name: string) => statSync(join(dir, name)).mode & 0o777;

  it('with a keyring: encrypted at rest, 0600, labelled as encrypted', () => {
    const store = openKeyStore(dir, keyring, cipher);
    store.set('sk-live-1');
    expect(readFileSync(join(dir, ENCRYPTED_KEY_FILE), 'utf8')).not.toContain('sk-live-1');
    expect(mode(ENCRYPTED_KEY_FILE)).toBe(0o600);
    expect(store.get()).toBe('sk-live-1');
    expect(store.description).toMatch(/^encrypted with the test keyring/u);
    expect(existsSync(join(dir, PLAIN_KEY_FILE))).toBe(false);
  });

  it('without one: a 0600 file whose label says it is not encrypted, and why', () => {
    const store = openKeyStore(dir, noKeyring, cipher);
    store.set('sk-live-2');
    expect(readFileSync(join(dir, PLAIN_KEY_FILE), 'utf8')).toBe('sk-live-2');
    expect(mode(PLAIN_KEY_FILE)).toBe(0o600);
    expect(store.description).toMatch(/^not encrypted, .*there is no keyring$/u);
    expect(store.description).not.toMatch(/^encrypted/u);
  });

  it('moves a key "encrypted" with basic_text by an older version into the labelled file', () => {
    writeFileSync(join(dir, ENCRYPTED_KEY_FILE), cipher.encryptString('sk-old'), { mode: 0o644 });
    const store = openKeyStore(dir, noKeyring, cipher);
    expect(store.get()).toBe('sk-old');
    expect(existsSync(join(dir, ENCRYPTED_KEY_FILE))).toBe(false);
    expect(mode(PLAIN_KEY_FILE)).toBe(0o600);
  });

  it('encrypts a key kept in the plain file once a keyring appears, and removes the plain copy', () => {
    openKeyStore(dir, noKeyring, cipher).set('sk-plain');
    const store = openKeyStore(dir, keyring, cipher);
    expect(store.get()).toBe('sk-plain');
    expect(existsSync(join(dir, PLAIN_KEY_FILE))).toBe(false);
  });

  it('keeps the newer key when both stores hold one', () => {
    openKeyStore(dir, keyring, cipher).set('sk-encrypted');
    writeFileSync(join(dir, PLAIN_KEY_FILE), 'sk-stale', { mode: 0o600 });
    expect(openKeyStore(dir, keyring, cipher).get()).toBe('sk-encrypted');
    expect(existsSync(join(dir, PLAIN_KEY_FILE))).toBe(false);
  });

  it('leaves a key encrypted under another keychain alone and reports none', () => {
    writeFileSync(join(dir, ENCRYPTED_KEY_FILE), 'someone else', { mode: 0o600 });
    expect(openKeyStore(dir, keyring, cipher).get()).toBeNull();
    expect(openKeyStore(dir, noKeyring, cipher).get()).toBeNull();
  });

  it('tightens an existing key file to 0600 when it opens, not only when it writes', () => {
    const file = join(dir, PLAIN_KEY_FILE);
    writeFileSync(file, 'sk-open', { mode: 0o644 });
    const store = new FileSecretStore(file);
    expect(mode(PLAIN_KEY_FILE)).toBe(0o600);
    expect(store.get()).toBe('sk-open');
  });
});
