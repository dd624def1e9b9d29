import type { FastifyInstance } from 'fastify';
import { ScoringError } from '../shared/contract/errors.js';

/**
 * While the server drains for shutdown, answers close their connections (an idle keep-alive
 * socket would otherwise hold the shutdown open), and requests still arriving on open
 * connections get the contract's envelope (OVERLOADED) rather than Fastify's own 503 body.
 */
export function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    throw new ScoringError('OVERLOADED', 'the server is shutting down; retry shortly');
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}
