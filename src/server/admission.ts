import type { FastifyInstance, FastifyReply } from 'fastify';
import { ScoringError } from '../shared/contract/errors.js';
import type { JobLimiter } from './job-limiter.js';

function overloaded(): ScoringError {
  return new ScoringError('OVERLOADED', 'the server is busy scoring other answers; retry shortly');
}

/**
 * A speaking request that finds every scoring slot taken is refused before its body is read,
 * without receiving or parsing its (up to 32 MB) body. It takes no slot yet: see takeSlot.
 */
export function refuseWhenFull(
  app: FastifyInstance,
  limiter: JobLimiter,
  paths: ReadonlySet<string>,
): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!paths.has(request.routeOptions.url ?? '') || !limiter.isFull) return payload;
    throw overloaded();
  });
}

/**
 * Takes a scoring slot for a request whose body has been accepted (read within its limits,
 * shape-checked, parsed and validated), held until the answer is sent or the client goes
 * away. A body refused on its way in never holds one, so honest answers do not wait behind
 * hostile uploads; a body accepted after the last slot was taken meanwhile is refused here.
 */
export function takeSlot(limiter: JobLimiter, reply: FastifyReply): void {
  const release = limiter.tryAcquire();
  if (!release) throw overloaded();
  if (reply.raw.closed) release();
  else reply.raw.once('close', release);
}
