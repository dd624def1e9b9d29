import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { ENDPOINT_PATHS, isSpeakingTask, TASKS } from '../shared/contract/endpoints.js';
import { ScoringError } from '../shared/contract/errors.js';
import { refuseWhenFull } from './admission.js';
import { ApiKeyStore } from './api-keys.js';
import { clientOf } from './auth.js';
import { answerClientError } from './client-error.js';
import { failureEnvelope } from './envelope.js';
import { toScoringError } from './error-mapping.js';
import { JobLimiter } from './job-limiter.js';
import { closeUnreadBodies, parseJsonBodies } from './json-body.js';
import {
  DEFAULT_RATE_LIMIT,
  DEFAULT_REFUSAL_BUDGET,
  MAX_BODY_BYTES,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_BYTES_PER_CLIENT,
  defaultMaxConcurrentJobs,
} from './limits.js';
import { loggerOptions, type LoggerSetting } from './logging.js';
import { metaRoutes } from './routes/meta.js';
import { scoringRoutes } from './routes/scoring.js';
import { RefusalBudget, refuseSpentClients } from './refusal-budget.js';
import { refuseWhileClosing } from './shutdown.js';
import { SpeakingSlot, type SpeakingScorerSource } from './speaking-slot.js';
import { elapsedMs, trackTiming } from './timing.js';
import { UploadBudget, boundUploads } from './upload-budget.js';

export interface ServerOptions {
  /** Raw keys; only their SHA-256 hashes are kept. */
  apiKeys: Iterable<string>;
  /** The speech engine, or a promise of it while it loads (GET /health answers 503 until then). */
  speakingScorer?: SpeakingScorerSource;
  /** Scoring jobs in flight before OVERLOADED; default twice the CPU cores. */
  maxConcurrentJobs?: number;
  /** Requests per key per window; `false` turns rate limiting off. */
  rateLimit?: { max: number; windowMs: number } | false;
  /**
   * Requests per key refused for what they sent before the next are refused unread; `false`
   * turns it off. A per-key limit: by default off when `rateLimit` is, else 20 a minute.
   */
  refusalBudget?: { max: number; windowMs: number } | false;
  logger?: LoggerSetting;
}

const ALLOWED_METHODS: Record<string, string> = {
  ...Object.fromEntries(Object.values(ENDPOINT_PATHS).map((path) => [path, 'POST'])),
  '/health': 'GET, HEAD',
  '/openapi.json': 'GET, HEAD',
};

const SPEAKING_PATHS: ReadonlySet<string> = new Set(
  TASKS.filter(isSpeakingTask).map((task) => ENDPOINT_PATHS[task]),
);

function sendFailure(reply: FastifyReply, error: ScoringError): FastifyReply {
  if (error.code === 'OVERLOADED' && !reply.hasHeader('retry-after')) {
    reply.header('retry-after', 1);
  }
  return reply.status(error.httpStatus).send(failureEnvelope(error, elapsedMs(reply.request)));
}

function handleErrors(app: FastifyInstance, refusals: RefusalBudget | undefined): void {
  app.setErrorHandler((error: FastifyError | ScoringError, request, reply) => {
    const scoringError = toScoringError(error);
    if (scoringError.code === 'INTERNAL') request.log.error({ err: error }, 'request failed');
    if (request.apiKeyHash !== '') refusals?.note(clientOf(request), scoringError.code);
    return sendFailure(reply, scoringError);
  });
  app.setNotFoundHandler((request, reply) => sendFailure(reply, noRoute(request, reply)));
  // Answered before any body is read: a body sent to no route is never read, let alone parsed.
  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.is404) throw noRoute(request, reply);
    return payload;
  });
}

/** NOT_FOUND, or METHOD_NOT_ALLOWED with the `Allow` header for a path that exists. */
function noRoute(request: FastifyRequest, reply: FastifyReply): ScoringError {
  const allowed = ALLOWED_METHODS[request.url.split('?')[0] ?? ''];
  if (!allowed) return new ScoringError('NOT_FOUND', 'no such endpoint');
  reply.header('allow', allowed);
  const message = `${request.method} is not allowed here; use ${allowed.split(',')[0]}`;
  return new ScoringError('METHOD_NOT_ALLOWED', message);
}

function registerRateLimit(app: FastifyInstance, setting: ServerOptions['rateLimit']): void {
  const limit = setting ?? DEFAULT_RATE_LIMIT;
  if (limit === false) return;
  app.register(rateLimit, {
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: clientOf,
    errorResponseBuilder: (_request, context) =>
      new ScoringError(
        'RATE_LIMITED',
        `rate limit of ${context.max} requests per ${limit.windowMs / 1000} s exceeded; retry in ${context.after}`,
      ),
  });
}

/** The scoring service, ready to `listen()` or `inject()`; it does not listen by itself. */
export function buildServer(options: ServerOptions): FastifyInstance {
  const app = Fastify({
    logger: loggerOptions(options.logger),
    bodyLimit: MAX_BODY_BYTES,
    requestTimeout: 120_000,
    return503OnClosing: false,
    clientErrorHandler: answerClientError,
  });
  trackTiming(app);
  refuseWhileClosing(app);
  app.decorateRequest('apiKeyHash', '');
  const keys = new ApiKeyStore(options.apiKeys);
  const speaking = new SpeakingSlot(options.speakingScorer, app.log);
  const limiter = new JobLimiter(options.maxConcurrentJobs ?? defaultMaxConcurrentJobs());
  const refusalSetting =
    options.refusalBudget ?? (options.rateLimit === false ? false : DEFAULT_REFUSAL_BUDGET);
  const refusals = refusalSetting
    ? new RefusalBudget(refusalSetting.max, refusalSetting.windowMs)
    : undefined;
  // Before the body is read, in this order: the client's refusal budget, its share of bytes
  // on their way in, a free scoring slot; then the body streams through its shape check.
  if (refusals) refuseSpentClients(app, refusals);
  boundUploads(app, new UploadBudget(MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES_PER_CLIENT));
  refuseWhenFull(app, limiter, SPEAKING_PATHS);
  closeUnreadBodies(app);
  parseJsonBodies(app);
  handleErrors(app, refusals);
  registerRateLimit(app, options.rateLimit);
  app.register(scoringRoutes, { keys, speaking, limiter });
  app.register(metaRoutes, { speaking });
  app.addHook('onClose', async () => speaking.close());
  return app;
}
