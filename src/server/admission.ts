import type { FastifyInstance } from 'fastify';
import { ScoringError } from '../shared/contract/errors.js';
import { closeAfterReply } from './json-body.js';
import type { JobLimiter } from './job-limiter.js';

/**
 * The overload check comes before the body is read: when every scoring slot is taken, a
 * request is refused at once, without receiving or parsing its (up to 32 MB) body. The slot is
 * held from then until the answer is sent or the client goes away.
 */
export function admitBeforeParsing(
  app: FastifyInstance,
  limiter: JobLimiter,
  paths: ReadonlySet<string>,
): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    if (!paths.has(request.routeOptions.url ?? '')) return payload;
    const release = limiter.tryAcquire();
    if (!release) {
      closeAfterReply(reply);
      throw new ScoringError(
        'OVERLOADED',
        'the server is busy scoring other answers; retry shortly',
      );
    }
    reply.raw.once('close', release);
    return payload;
  });
}
