import type { FastifyInstance, FastifyReply } from 'fastify';
import { scoreWriteFromDictation } from '../../engine/scoring/wfd/index.js';
import {
  ENDPOINT_PATHS,
  SPEAKING_TASKS,
  type SpeakingTask,
} from '../../shared/contract/endpoints.js';
import { ScoringError } from '../../shared/contract/errors.js';
import { REQUEST_SCHEMAS } from '../../shared/contract/requests.js';
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
  limiter: JobLimiter;
  speaking: SpeakingSlot;
}

/** Runs a job in a limiter slot, or refuses at once when every slot is taken. */
async function inSlot<T>(limiter: JobLimiter, job: () => Promise<T>): Promise<T> {
  const release = limiter.tryAcquire();
  if (!release) {
    throw new ScoringError('OVERLOADED', 'the server is busy scoring other answers; retry shortly');
  }
  try {
    return await job();
  } finally {
    release();
  }
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
  task: SpeakingTask,
  body: unknown,
  reply: FastifyReply,
  speaking: SpeakingSlot,
): Promise<ScoredResult> {
  const request = parseBody(REQUEST_SCHEMAS[task], body);
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
  return scorer.score(task, request, clientGoneSignal(reply));
}

export async function scoringRoutes(app: FastifyInstance, deps: ScoringRouteDeps): Promise<void> {
  const onRequest = authenticate(deps.keys);
  for (const task of SPEAKING_TASKS) {
    app.post(ENDPOINT_PATHS[task], { onRequest }, async (request, reply) => {
      const result = await inSlot(deps.limiter, () =>
        scoreSpeaking(task, request.body, reply, deps.speaking),
      );
      return successEnvelope(task, result, elapsedMs(request));
    });
  }
  // Dictation is scored at once on this thread, in bounded time, so it takes no speech slot:
  // answers stay quick while every speech worker is busy.
  app.post(ENDPOINT_PATHS.wfd, { onRequest }, async (request) => {
    const result = scoreWriteFromDictation(parseBody(REQUEST_SCHEMAS.wfd, request.body));
    return successEnvelope('wfd', result, elapsedMs(request));
  });
}
