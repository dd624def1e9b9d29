import { describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app.js';
import { ApiKeyStore, MIN_API_KEY_LENGTH } from '../../src/server/api-keys.js';

describe('API keys', () => {
  it('are refused when shorter than 16 characters, wherever a server is built', () => {
    expect(MIN_API_KEY_LENGTH).toBe(16);
    expect(() => buildServer({ apiKeys: ['k'] })).toThrow(
      '1 of 1 API keys is shorter than 16 characters, and a short key can be guessed; ' +
        'use long random keys (for example: openssl rand -hex 32)',
    );
    expect(() => new ApiKeyStore(['fifteen-chars-k'])).toThrow(/^1 of 1 API keys is shorter/u);
  });

  it('of 16 characters and more are kept, trimmed', () => {
    expect('exactly-16-chars').toHaveLength(16);
    const store = new ApiKeyStore(['  exactly-16-chars  ']);
    expect(store.size).toBe(1);
    expect(store.verify('exactly-16-chars')).toMatch(/^[0-9a-f]{64}$/u);
    expect(store.verify('exactly-16-char')).toBeNull();
  });
});
