import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * Only hashes are kept, so a heap dump or a log line never holds a key. Every stored hash
 * is compared, with a constant-time comparison, so timing reveals nothing about the keys.
 */
export class ApiKeyStore {
  private readonly hashes: Buffer[];

  constructor(keys: Iterable<string>) {
    this.hashes = [...new Set([...keys].map((key) => key.trim()).filter(Boolean))].map(sha256);
  }

  get size(): number {
    return this.hashes.length;
  }

  /** The key's hash (hex, for rate limiting) when it is valid, else null. */
  verify(key: string): string | null {
    const candidate = sha256(key);
    let found = false;
    for (const hash of this.hashes) found = timingSafeEqual(hash, candidate) || found;
    return found ? candidate.toString('hex') : null;
  }
}

/** One key a line; blank lines and lines starting with # are ignored. */
export function parseKeyList(text: string): string[] {
  return text
    .split(/\r?\n/u)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

export function readKeyFile(path: string): string[] {
  return parseKeyList(readFileSync(path, 'utf8'));
}

export function keysFromEnv(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
}
