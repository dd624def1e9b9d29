import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ScoringError } from '../shared/contract/errors.js';
import { clientOf } from './auth.js';
import { bodyTooLarge } from './error-mapping.js';
import { MAX_BODY_BYTES } from './limits.js';

const MIB = 1024 * 1024;

/** Bytes of request bodies on their way in, for the server and for each client. */
export class UploadBudget {
  private total = 0;
  private readonly byClient = new Map<string, number>();

  constructor(
    readonly serverBytes: number,
    readonly clientBytes: number,
  ) {}

  get inFlight(): number {
    return this.total;
  }

  /** A release function, or the bound that `bytes` more would pass. */
  reserve(client: string, bytes: number): (() => void) | 'client' | 'server' {
    const held = this.byClient.get(client) ?? 0;
    if (held + bytes > this.clientBytes) return 'client';
    if (this.total + bytes > this.serverBytes) return 'server';
    this.total += bytes;
    this.byClient.set(client, held + bytes);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= bytes;
      const left = (this.byClient.get(client) ?? bytes) - bytes;
      if (left > 0) this.byClient.set(client, left);
      else this.byClient.delete(client);
    };
  }
}

/** The length a body may reach: as declared, else (chunked) the largest allowed; 0 for none. */
function declaredBytes(request: FastifyRequest): number {
  const length = request.headers['content-length'];
  if (length !== undefined) return Number(length) || 0;
  return request.headers['transfer-encoding'] ? MAX_BODY_BYTES : 0;
}

function refusal(bound: 'client' | 'server', budget: UploadBudget): ScoringError {
  if (bound === 'server') {
    return new ScoringError(
      'OVERLOADED',
      'the server is receiving too many large request bodies; retry shortly',
    );
  }
  return new ScoringError(
    'RATE_LIMITED',
    `this client already has ${budget.clientBytes / MIB} MiB of request bodies on their way; send more once they are answered`,
  );
}

/**
 * Before an authenticated request's body is read: a declared length over the body limit is
 * refused at once, and a body that would pass the client's or the server's share of bytes
 * on their way in is refused, so no client can fill the server's memory or keep others out.
 * The reservation lasts until the answer is sent or the client goes away.
 */
export function boundUploads(app: FastifyInstance, budget: UploadBudget): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.apiKeyHash === '') return payload;
    const bytes = declaredBytes(request);
    if (bytes > MAX_BODY_BYTES) throw bodyTooLarge();
    if (bytes === 0) return payload;
    const release = budget.reserve(clientOf(request), bytes);
    if (typeof release === 'string') throw refusal(release, budget);
    if (reply.raw.closed) release();
    else reply.raw.once('close', release);
    return payload;
  });
}
