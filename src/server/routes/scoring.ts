import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  TASK_ENTRIES,
  type ListeningTaskEntry,
  type SpeakingTaskEntry,
} from '../../engine/tasks/index.js';
import { TASKS } from '../../shared/contract/endpoints.js';
import { ScoringError } from '../../shared/contract/errors.js';
import { takeSlot } from '../admission.js';
import type { ApiKeyStore } from '../api-keys.js';
import { authenticate } from '../auth.js';
import { successEnvelope, type ScoredResult } from '../envelope.js';
import type { JobLimiter } from '../job-limiter.js';
import { checkSpeakingCost } from '../speaking-limits.js';
import type { SpeakingSlot } from '../speaking-slot.js';
import { elapsedMs } from '../timing.js';
import { parseBody } from '../validation.js';

export interface ScoringRouteDeps {
  keys: ApiKeyStore;
  speaking: SpeakingSlot;
  limiter: JobLimiter;
}

/** Aborted when the client goes away before its answer is sent, so the engine can stop. */
function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

async function scoreSpeaking(
  task: SpeakingTaskEntry,
  body: unknown,
  reply: FastifyReply,
  { speaking, limiter }: ScoringRouteDeps,
): Promise<ScoredResult> {
  const request = parseBody(task.request, body);
  checkSpeakingCost(request);
  if (speaking.isLoading) {
    throw new ScoringError(
      'OVERLOADED',
      'the speech scoring engine is still loading; retry shortly',
    );
  }
  const scorer = speaking.current;
  if (!scorer) {
    throw new ScoringError('NOT_AVAILABLE', 'speech scoring is not available on this server');
  }
  takeSlot(limiter, reply);
  return scorer.score(task.id, request, clientGoneSignal(reply));
}

/** One route per entry of the engine's task table (src/engine/tasks/table.ts). */
export async function scoringRoutes(app: FastifyInstance, deps: ScoringRouteDeps): Promise<void> {
  const onRequest = authenticate(deps.keys);
  for (const entry of TASKS.map((task) => TASK_ENTRIES[task])) {
    if ('matcher' in entry) listeningRoute(app, onRequest, entry);
    else speakingRoute(app, onRequest, entry, deps);
  }
}

type OnRequest = ReturnType<typeof authenticate>;

function speakingRoute(
  app: FastifyInstance,
  onRequest: OnRequest,
  entry: SpeakingTaskEntry,
  deps: ScoringRouteDeps,
): void {
  app.post(entry.info.path, { onRequest }, async (request, reply) => {
    const result = await scoreSpeaking(entry, request.body, reply, deps);
    return successEnvelope(entry.id, result, elapsedMs(request));
  });
}

/**
 * Dictation is scored at once on this thread, in bounded time, so it takes no speech slot:
 * answers stay quick while every speech worker is busy.
 */
function listeningRoute(
  app: FastifyInstance,
  onRequest: OnRequest,
  entry: ListeningTaskEntry,
): void {
  app.post(entry.info.path, { onRequest }, async (request) => {
    const result = entry.score(parseBody(entry.request, request.body));
    return successEnvelope(entry.id, result, elapsedMs(request));
  });
}
