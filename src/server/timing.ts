import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    receivedAt: number;
  }
}

/** processTime starts when the request arrives, whether or not the logger is on. */
export function trackTiming(app: FastifyInstance): void {
  app.decorateRequest('receivedAt', 0);
  app.addHook('onRequest', async (request) => {
    request.receivedAt = performance.now();
  });
}

export function elapsedMs(request: FastifyRequest): number {
  return request.receivedAt === 0 ? 0 : performance.now() - request.receivedAt;
}
