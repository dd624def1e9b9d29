import type { Logger } from 'pino';
import type { QueueStatus } from '../../shared/app-api.js';
import { DEFAULT_SCALE } from '../../shared/contract/requests.js';
import { requestKeywords } from '../../shared/key-points.js';
import { unsureWords } from '../../shared/unsure-words.js';
import type { AttemptRow } from '../store/attempt-rows.js';
import type { AttemptsRepo } from '../store/attempts-repo.js';
import type { ScoringClient, ScoringEndpoint } from '../scoring-client/client.js';
import { backoffDelay } from '../scoring-client/backoff.js';
import { ScoringFailure } from '../scoring-client/failure.js';
import type { BuiltRequest } from './request-builder.js';
import { freeSpeechKeyPoints, scoreColumns, scoreMaxima } from './score-columns.js';

export interface QueueOptions {
  concurrency: number;
  retryBaseMs: number;
  retryCapMs: number;
  /** While the endpoint is failing, how often to ask whether it answers again. */
  probeIntervalMs: number;
}

export const DEFAULT_QUEUE_OPTIONS: QueueOptions = {
  concurrency: 2,
  retryBaseMs: 2_000,
  retryCapMs: 60_000,
  probeIntervalMs: 1_000,
};

export interface QueueDeps {
  attempts: AttemptsRepo;
  client: ScoringClient;
  /** The endpoint to use now, or null while none is available (embedded engine starting). */
  endpoint: () => ScoringEndpoint | null;
  buildRequest: (attempt: AttemptRow) => Promise<BuiltRequest>;
  changed: (id: number) => void;
  /** True when the endpoint answers (GET /health 200); asked while the queue holds back. */
  probe: (endpoint: ScoringEndpoint) => Promise<boolean>;
  logger: Logger;
}

/**
 * Drains queued attempts with bounded concurrency. The store is the queue: state lives only
 * in the attempts table, so a restart picks up exactly where the last run stopped.
 */
export class ScoringQueue {
  private readonly options: QueueOptions;
  private readonly inFlight = new Map<
    number,
    { controller: AbortController; done: Promise<void> }
  >();
  private pausedUntil = 0;
  private timer: NodeJS.Timeout | null = null;
  private probeTimer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly deps: QueueDeps,
    options: Partial<QueueOptions> = {},
  ) {
    this.options = { ...DEFAULT_QUEUE_OPTIONS, ...options };
  }

  start(): void {
    const requeued = this.deps.attempts.requeueInterrupted();
    if (requeued.length) this.deps.logger.info({ ids: requeued }, 'requeued interrupted attempts');
    this.running = true;
    this.kick();
  }

  /** Looks for due work now. */
  kick(): void {
    if (!this.running) return;
    this.clearTimer();
    if (Date.now() < this.pausedUntil) {
      this.wakeAt(this.pausedUntil);
      return;
    }
    const endpoint = this.deps.endpoint();
    if (!endpoint) return;
    while (this.inFlight.size < this.options.concurrency) {
      const attempt = this.deps.attempts.claimNext(new Date().toISOString());
      if (!attempt) break;
      this.launch(attempt, endpoint);
    }
    this.scheduleNextRetry();
  }

  /** What waits, and whether the endpoint is answering now, for the examiner. */
  status(): QueueStatus & { serverAnswering: boolean } {
    const stored = this.deps.attempts.queueStatus();
    const answering = this.deps.endpoint() !== null && Date.now() >= this.pausedUntil;
    return { ...stored, serverAnswering: answering };
  }

  /** The endpoint answers again (engine ready, settings changed): retry what waits, now. */
  resume(): void {
    this.pausedUntil = 0;
    this.deps.attempts.makeRetriesDue();
    this.kick();
  }

  /** Stops the request in flight for an attempt, if any, and waits for it to settle. */
  async abort(id: number): Promise<void> {
    const job = this.inFlight.get(id);
    if (!job) return;
    job.controller.abort();
    await job.done;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.clearTimer();
    this.stopProbing();
    const jobs = [...this.inFlight.values()];
    for (const job of jobs) job.controller.abort();
    await Promise.all(jobs.map((job) => job.done));
  }

  private launch(attempt: AttemptRow, endpoint: ScoringEndpoint): void {
    const controller = new AbortController();
    const done = this.score(attempt, endpoint, controller.signal)
      .catch((error: unknown) => {
        // The store itself failed (a full disk, say): the attempt stays in `scoring`, and the
        // next start puts it back in the queue.
        this.deps.logger.error({ err: error, attempt: attempt.id }, 'could not store an outcome');
      })
      .finally(() => {
        this.inFlight.delete(attempt.id);
        this.deps.changed(attempt.id);
        this.kickSafely();
      });
    this.inFlight.set(attempt.id, { controller, done });
    this.deps.changed(attempt.id);
  }

  private async score(
    attempt: AttemptRow,
    endpoint: ScoringEndpoint,
    signal: AbortSignal,
  ): Promise<void> {
    const { attempts, logger } = this.deps;
    try {
      const request = await this.deps.buildRequest(attempt);
      attempts.recordRequest(attempt.id, request.storedJson);
      const reply = await this.deps.client.score(endpoint, attempt.task, request.body, signal);
      const scale = typeof request.body.scale === 'number' ? request.body.scale : DEFAULT_SCALE;
      const stored = attempts.markScored(
        attempt.id,
        reply.responseText,
        scoreColumns(reply.envelope),
        scoreMaxima(reply.envelope, attempt.task, scale),
        Math.max(0, ...reply.envelope.data.components.map((component) => component.status)),
        freeSpeechKeyPoints(attempt.task, reply.envelope, requestKeywords(request.storedJson)),
        unsureWords(reply.envelope.data.words, attempt.task).length,
      );
      logger.info(
        { attempt: attempt.id, ms: Math.round(reply.elapsedMs), stored },
        'attempt scored',
      );
    } catch (error) {
      this.recordFailure(attempt, toFailure(error));
    }
  }

  private recordFailure(attempt: AttemptRow, failure: ScoringFailure): void {
    if (failure.kind === 'cancelled') return;
    const delay = failure.retryable
      ? (failure.extra.retryAfterMs ??
        backoffDelay(attempt.tries - 1, this.options.retryBaseMs, this.options.retryCapMs))
      : 0;
    const nextRetryAt = failure.retryable ? new Date(Date.now() + delay).toISOString() : null;
    this.deps.attempts.markFailed(attempt.id, {
      kind: failure.kind,
      retryable: failure.retryable,
      message: failure.message,
      detail: failure.detail,
      responseJson: failure.extra.responseText ?? null,
      nextRetryAt,
    });
    // The endpoint itself is struggling: hold every attempt back, not just this one.
    if (failure.retryable) {
      this.pausedUntil = Math.max(this.pausedUntil, Date.now() + delay);
      this.startProbing();
    }
    this.deps.logger.warn(
      { attempt: attempt.id, kind: failure.kind, detail: failure.detail, nextRetryAt },
      'scoring failed',
    );
  }

  /**
   * While the queue holds back, asks the endpoint every second whether it answers again, so
   * that waiting attempts go as soon as it does rather than when a backoff timer runs out.
   */
  private startProbing(): void {
    if (this.probeTimer || !this.running) return;
    // Only a change from silent to answering sends the queue: an endpoint whose /health
    // answers while scoring fails (overloaded, say) keeps its backoff.
    let sawSilence = false;
    const probeOnce = async (): Promise<void> => {
      this.probeTimer = null;
      if (!this.running || this.deps.attempts.queueStatus().waiting === 0) return;
      const endpoint = this.deps.endpoint();
      const answers = endpoint ? await this.deps.probe(endpoint).catch(() => false) : false;
      if (!this.running) return;
      if (answers && sawSilence) {
        this.deps.logger.info('the scoring endpoint answers again: retrying now');
        this.resume();
        return;
      }
      if (answers) return;
      sawSilence = true;
      this.probeTimer = setTimeout(() => void probeOnce(), this.options.probeIntervalMs);
      this.probeTimer.unref();
    };
    void probeOnce();
  }

  private stopProbing(): void {
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeTimer = null;
  }

  private scheduleNextRetry(): void {
    const at = this.deps.attempts.earliestRetryAt();
    if (at !== null) this.wakeAt(Math.max(Date.parse(at), this.pausedUntil));
  }

  private wakeAt(time: number): void {
    this.clearTimer();
    this.timer = setTimeout(() => this.kickSafely(), Math.max(0, time - Date.now()));
    this.timer.unref();
  }

  /** kick() from a timer or a settled job, where a store failure would go unheard. */
  private kickSafely(): void {
    try {
      this.kick();
    } catch (error) {
      this.deps.logger.error({ err: error }, 'could not look for due attempts');
    }
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

function toFailure(error: unknown): ScoringFailure {
  if (error instanceof ScoringFailure) return error;
  const detail = error instanceof Error ? error.message : String(error);
  const missing = (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
  const message = missing
    ? 'The recording file is missing, so this attempt cannot be scored.'
    : 'The attempt could not be prepared for scoring.';
  return new ScoringFailure('rejected', message, detail);
}
