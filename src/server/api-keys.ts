import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** A key shorter than this can be guessed by trying: 16 characters from 62 is about 95 bits. */
export const MIN_API_KEY_LENGTH = 16;

/** Keys too short to keep anyone out are refused before the server starts, none of them shown. */
export function checkKeyLengths(keys: readonly string[]): void {
  const short = keys.filter((key) => key.length < MIN_API_KEY_LENGTH);
  if (short.length === 0) return;
  throw new Error(
    `${short.length} of ${keys.length} API keys ${short.length === 1 ? 'is' : 'are'} shorter than ` +
      `${MIN_API_KEY_LENGTH} characters, and a short key can be guessed; ` +
      'use long random keys (for example: openssl rand -hex 32)',
  );
}

/**
 * Only hashes are kept, so a heap dump or a log line never holds a key. Every stored hash
 * is compared, with a constant-time comparison, so timing reveals nothing about the keys.
 */
export class ApiKeyStore {
  private readonly hashes: Buffer[];

  constructor(keys: Iterable<string>) {
    const unique = [...new Set([...keys].map((key) => key.trim()).filter(Boolean))];
    checkKeyLengths(unique);
    this.hashes = unique.map(sha256);
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
