import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from '../openapi.js';
import type { SpeakingSlot } from '../speaking-slot.js';

/** Unauthenticated and never rate limited: load balancers and client generators use them. */
export async function metaRoutes(app: FastifyInstance, deps: { speaking: SpeakingSlot }) {
  const config = { rateLimit: false } as const;
  const openApi = buildOpenApiDocument();
  app.get('/health', { config }, async (_request, reply) => {
    if (deps.speaking.isLoading) return reply.status(503).send({ status: 'loading' });
    return { status: 'ready' };
  });
  app.get('/openapi.json', { config }, async () => openApi);
}
