import type { FastifyBaseLogger } from 'fastify';
import type { SpeakingResult, SpeakingScorer } from '../../engine/tasks/index.js';
import type { SpeakingTask } from '../../shared/contract/endpoints.js';
import { ScoringError } from '../../shared/contract/errors.js';
import type { SpeakingRequest } from '../../shared/contract/requests.js';
import { DEFAULT_JOB_BUDGET, jobDeadline, type JobBudget } from './job-budget.js';
import type { ReadMessage, WorkerMessage } from './protocol.js';
import { restartDelayMs } from './restart-delay.js';
import { SharedReaders, WORKERS_PER_READER } from './shared-readers.js';
import { WorkerProcess, type StartOutcome, type WorkerLaunch } from './worker-process.js';

export interface PoolOptions extends WorkerLaunch {
  size: number;
  log: FastifyBaseLogger;
  budget?: JobBudget;
  /** A worker whose memory grows past this is stopped (while scoring) or replaced (after). */
  maxWorkerBytes?: number;
}

/** Below 400 MB with room for what a worker can allocate between two checks. */
export const DEFAULT_MAX_WORKER_BYTES = 380 * 1024 * 1024;
const MEMORY_CHECK_MS = 50;
/** An idle worker holding more than this share of its allowance is replaced. */
const RECYCLE_FRACTION = 0.75;

interface Job {
  id: number;
  task: SpeakingTask;
  request: SpeakingRequest;
  resolve: (result: SpeakingResult) => void;
  reject: (error: ScoringError) => void;
  detach: () => void;
}

interface Slot {
  worker: WorkerProcess;
  ready: boolean;
  job: Job | null;
  startedAt: number;
  audioSeconds: number | undefined;
  deadline: NodeJS.Timeout | undefined;
}

const shuttingDown = () =>
  new ScoringError('OVERLOADED', 'the server shut down before this answer was scored; retry');
const clientGone = () => new ScoringError('OVERLOADED', 'the client went away; scoring cancelled');

/**
 * Speech scoring on every core: a fixed number of worker processes, each with its own
 * decoder, taking jobs from one queue. The server's own thread only routes, so /health and
 * dictation stay quick while every worker is busy. A job that runs past its budget, whose
 * client hangs up, or whose worker outgrows its memory allowance, has its worker stopped
 * and replaced.
 */
export class WorkerPool implements SpeakingScorer {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private readonly budget: JobBudget;
  private readonly maxWorkerBytes: number;
  private nextId = 1;
  private closing = false;
  private startFailures = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  private memoryTimer: NodeJS.Timeout | undefined;
  private readonly firstStarts: Array<Promise<StartOutcome>>;
  private readonly readers: SharedReaders;

  /**
   * Starts `options.size` workers and their shared readers at once; `started()` says when they
   * can take jobs.
   */
  constructor(private readonly options: PoolOptions) {
    this.budget = options.budget ?? DEFAULT_JOB_BUDGET;
    this.maxWorkerBytes = options.maxWorkerBytes ?? DEFAULT_MAX_WORKER_BYTES;
    this.firstStarts = Array.from({ length: options.size }, () => this.spawn());
    this.readers = new SharedReaders(
      options,
      options.log,
      Math.ceil(options.size / WORKERS_PER_READER),
    );
  }

  /**
   * Waits until each first worker has loaded its engine or failed: true when the pool can
   * score, false when this build has no speech engine; fails when no worker could start.
   */
  async started(): Promise<boolean> {
    const outcomes = await Promise.all(this.firstStarts);
    const readers = await Promise.all(this.readers.firstStarts);
    if (outcomes.includes('unavailable') || readers.includes('unavailable')) {
      await this.close();
      return false;
    }
    if (!outcomes.includes('ready') || !readers.includes('ready')) {
      await this.close();
      throw new Error('no scoring worker could load the speech engine; see the log');
    }
    return true;
  }

  /** Jobs waiting for a worker. */
  get queued(): number {
    return this.queue.length;
  }

  /** Workers scoring a job now. */
  get busy(): number {
    return [...this.slots].filter((slot) => slot.job).length;
  }

  /** Process ids of the workers, for diagnostics and tests. */
  get workerPids(): number[] {
    return [...this.slots].flatMap((slot) => (slot.worker.pid ? [slot.worker.pid] : []));
  }

  /** Process ids of the shared readers (shared-readers.ts). */
  get readerPids(): number[] {
    return this.readers.pids;
  }

  score(task: SpeakingTask, request: SpeakingRequest, signal?: AbortSignal) {
    return new Promise<SpeakingResult>((resolve, reject) => {
      if (this.closing) return reject(shuttingDown());
      if (signal?.aborted) return reject(clientGone());
      const onAbort = () => this.cancel(job);
      const job: Job = {
        id: this.nextId++,
        task,
        request,
        resolve,
        reject,
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(job);
      this.dispatch();
    });
  }

  /**
   * Stops taking jobs and gives those queued or running `graceMs` to finish; what is left
   * then is answered OVERLOADED (retry elsewhere) and its worker stopped.
   */
  async drain(graceMs: number): Promise<void> {
    this.closing = true;
    const idle = () => this.queue.length === 0 && [...this.slots].every((slot) => !slot.job);
    const deadline = Date.now() + graceMs;
    while (!idle() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await this.close();
  }

  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.restartTimer);
    for (const job of this.queue.splice(0)) this.settle(job, shuttingDown());
    const exits = [...this.slots].map((slot) => {
      this.retire(slot, shuttingDown());
      return slot.worker.exited;
    });
    await Promise.all([...exits, this.readers.close()]);
  }

  /** A new worker; resolves when it has loaded its engine, found none, or died trying. */
  private spawn(): Promise<StartOutcome> {
    const slot: Slot = {
      ready: false,
      job: null,
      startedAt: 0,
      audioSeconds: undefined,
      deadline: undefined,
      worker: new WorkerProcess(
        this.options,
        this.options.log,
        (message) => this.onMessage(slot, message),
        (how) => this.onExit(slot, how),
      ),
    };
    this.slots.add(slot);
    return slot.worker.started;
  }

  private onMessage(slot: Slot, message: WorkerMessage): void {
    if (message.type === 'ready') {
      slot.ready = true;
      this.startFailures = 0;
      this.dispatch();
      return;
    }
    if (message.type === 'unavailable') {
      this.options.log.warn(
        { reason: message.reason },
        'speech scoring engine not found; speaking endpoints answer NOT_AVAILABLE',
      );
      return;
    }
    if (message.type === 'read') return this.relayRead(slot, message);
    if (message.type === 'reading' || message.type === 'unread') return; // the reader's own
    if (!slot.job || slot.job.id !== message.id) return;
    if (message.type === 'decoded') {
      slot.audioSeconds = message.seconds;
      this.armDeadline(slot);
    } else if (message.type === 'done') {
      this.finish(slot, message.result);
    } else {
      const { code, message: text, field } = message.error;
      this.finish(slot, new ScoringError(code, text, field));
    }
  }

  /** A worker's reference to read, sent to the shared readers and their answer back. */
  private relayRead(slot: Slot, { id, samples, words }: ReadMessage): void {
    this.readers.read(samples, words).then(
      (reading) => slot.worker.send({ type: 'reading', id, reading }),
      (error: Error) => slot.worker.send({ type: 'unread', id, reason: error.message }),
    );
  }

  private onExit(slot: Slot, how: string): void {
    if (!this.slots.has(slot)) return;
    this.slots.delete(slot);
    clearTimeout(slot.deadline);
    if (slot.job) {
      this.options.log.error({ worker: slot.worker.pid, how }, 'scoring worker died during a job');
      this.settle(
        slot.job,
        new ScoringError('INTERNAL', 'internal error; the failure has been logged'),
      );
    } else if (!this.closing) {
      this.options.log.warn({ worker: slot.worker.pid, how }, 'scoring worker stopped');
    }
    if (!slot.ready) this.startFailures++;
    this.replaceLater();
  }

  /** Restarts at once after a job's worker was stopped; backs off while workers cannot start. */
  private replaceLater(): void {
    if (this.closing) return;
    if (this.startFailures === 0) {
      void this.spawn();
      return;
    }
    const delay = restartDelayMs(this.startFailures);
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => {
      while (!this.closing && this.slots.size < this.options.size) void this.spawn();
    }, delay);
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) break;
      if (!slot.ready || slot.job) continue;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.startedAt = performance.now();
      slot.audioSeconds = undefined;
      this.armDeadline(slot);
      this.watchMemory();
      slot.worker.send({ type: 'score', id: job.id, task: job.task, request: job.request });
    }
  }

  private armDeadline(slot: Slot): void {
    clearTimeout(slot.deadline);
    const now = performance.now() - slot.startedAt;
    const { atMs, reason } = jobDeadline(this.budget, slot.audioSeconds, now);
    slot.deadline = setTimeout(
      () => {
        this.options.log.warn({ worker: slot.worker.pid }, reason);
        this.retire(
          slot,
          new ScoringError('SCORING_TIMEOUT', `${reason}; the answer was not scored`),
        );
      },
      Math.max(0, atMs - now),
    );
  }

  private finish(slot: Slot, outcome: SpeakingResult | ScoringError): void {
    clearTimeout(slot.deadline);
    const job = slot.job!;
    slot.job = null;
    this.settle(job, outcome);
    // Memory a big answer left behind is given back by starting afresh.
    if ((slot.worker.residentBytes() ?? 0) > this.maxWorkerBytes * RECYCLE_FRACTION) {
      this.retire(slot);
    } else {
      this.dispatch();
    }
  }

  /** Stops a worker, answers its job (if any) with `error`, and starts a replacement. */
  private retire(slot: Slot, error?: ScoringError): void {
    if (!this.slots.has(slot)) return;
    this.slots.delete(slot);
    clearTimeout(slot.deadline);
    if (slot.job && error) this.settle(slot.job, error);
    slot.job = null;
    slot.worker.kill();
    this.replaceLater();
  }

  private cancel(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.settle(job, clientGone());
      return;
    }
    for (const slot of this.slots) if (slot.job === job) this.retire(slot, clientGone());
  }

  private settle(job: Job, outcome: SpeakingResult | ScoringError): void {
    job.detach();
    if (outcome instanceof ScoringError) job.reject(outcome);
    else job.resolve(outcome);
  }

  /** Polls busy workers' memory; a decode that balloons is stopped before it hurts the host. */
  private watchMemory(): void {
    if (this.memoryTimer) return;
    this.memoryTimer = setInterval(() => {
      const busy = [...this.slots].filter((slot) => slot.job);
      if (busy.length === 0) {
        clearInterval(this.memoryTimer);
        this.memoryTimer = undefined;
        return;
      }
      for (const slot of busy) {
        if ((slot.worker.residentBytes() ?? 0) <= this.maxWorkerBytes) continue;
        const limit = Math.round(this.maxWorkerBytes / 2 ** 20);
        const message = `scoring this answer needed more than the ${limit} MB of memory a scoring worker may use`;
        this.options.log.warn({ worker: slot.worker.pid }, message);
        this.retire(slot, new ScoringError('PAYLOAD_TOO_LARGE', message));
      }
    }, MEMORY_CHECK_MS);
    this.memoryTimer.unref();
  }
}
