import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileSecretStore } from '../../src/main/secrets/file-secret-store.js';

describe.skipIf(process.platform === 'win32')('file secret store', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'examiner-key-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the key in a file only its owner can read or write (0600)', () => {
    const file = join(dir, 'nested', 'api-key');
    const store = new FileSecretStore(file);
    expect(store.get()).toBeNull();
    store.set('s3cret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(store.get()).toBe('s3cret');
  });

  it('tightens a file that was created too open', () => {
    const file = join(dir, 'api-key');
    writeFileSync(file, 'old', { mode: 0o644 });
    new FileSecretStore(file).set('new');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('clears the key', () => {
    const store = new FileSecretStore(join(dir, 'api-key'));
    store.set('s3cret');
    store.clear();
    expect(store.get()).toBeNull();
    store.clear();
  });
});
