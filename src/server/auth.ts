import type { FastifyRequest } from 'fastify';
import { ScoringError } from '../shared/contract/errors.js';
import type { ApiKeyStore } from './api-keys.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** SHA-256 of the caller's key once authenticated: the client, for every per-client limit. */
    apiKeyHash: string;
  }
}

/** An onRequest hook: the key is checked before the body is read, so refusals are cheap. */
export function authenticate(keys: ApiKeyStore) {
  return async function checkApiKey(request: FastifyRequest): Promise<void> {
    const key = request.headers.authorization?.trim() ?? '';
    if (key === '') {
      throw new ScoringError('MISSING_API_KEY', 'the Authorization header must carry an API key');
    }
    const hash = keys.verify(key);
    if (hash === null) throw new ScoringError('INVALID_API_KEY', 'the API key is not valid');
    request.apiKeyHash = hash;
  };
}

/** Who a request comes from, for per-client limits: its key once authenticated, else its address. */
export function clientOf(request: FastifyRequest): string {
  return request.apiKeyHash || request.ip;
}
