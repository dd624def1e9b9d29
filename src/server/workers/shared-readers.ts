import type { FastifyBaseLogger } from 'fastify';
import type { ReferenceReading } from '../../engine/tasks/index.js';
import type { ReadingMessage, WorkerMessage } from './protocol.js';
import { restartDelayMs } from './restart-delay.js';
import { WorkerProcess, type StartOutcome, type WorkerLaunch } from './worker-process.js';

/**
 * How many scoring workers one reader serves: Moonshine reads an answer in about a fifth of the
 * time the acoustic models take to align it (BENCHMARKS.md, "where the time goes").
 */
export const WORKERS_PER_READER = 4;
/** Moonshine idles at about 460 MiB and holds about 570 after a 30 s answer; a reader holding more than this after a reading is replaced. */
export const MAX_READER_BYTES = 700 * 1024 * 1024;

interface Pending {
  resolve: (reading: ReferenceReading) => void;
  reject: (reason: string) => void;
}

interface Request extends Pending {
  samples: Float32Array;
  words: readonly string[];
}

interface Reader {
  process: WorkerProcess;
  ready: boolean;
  pending: Map<number, Pending>;
}

/**
 * The reader processes: each holds Moonshine (evidence/neural-reading.ts) once for several
 * scoring workers, which would otherwise each hold it and outgrow their memory allowance. A
 * reading goes to the ready reader with the fewest waiting, or waits for one (the job's time
 * budget still runs); a reader that dies fails its readings (their answers get OVERLOADED:
 * retry) and is started again.
 */
export class SharedReaders {
  private readonly readers = new Set<Reader>();
  /** Readings asked for while no reader was ready (one starting again): sent when one is. */
  private readonly queue: Request[] = [];
  private nextId = 1;
  private closing = false;
  private startFailures = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  readonly firstStarts: Array<Promise<StartOutcome>>;

  constructor(
    private readonly launch: WorkerLaunch,
    private readonly log: FastifyBaseLogger,
    private readonly size: number,
  ) {
    this.firstStarts = Array.from({ length: size }, () => this.spawn());
  }

  get pids(): number[] {
    return [...this.readers].flatMap((reader) => (reader.process.pid ? [reader.process.pid] : []));
  }

  read(samples: Float32Array, words: readonly string[]): Promise<ReferenceReading> {
    return new Promise((resolve, reject) => {
      this.queue.push({ samples, words, resolve, reject: (reason) => reject(new Error(reason)) });
      this.dispatch();
    });
  }

  private dispatch(): void {
    const ready = [...this.readers].filter((reader) => reader.ready);
    for (let request = this.queue.shift(); request; request = this.queue.shift()) {
      const reader = ready.sort((a, b) => a.pending.size - b.pending.size)[0];
      if (!reader) {
        this.queue.unshift(request);
        return;
      }
      const id = this.nextId++;
      reader.pending.set(id, request);
      reader.process.send({ type: 'read', id, samples: request.samples, words: request.words });
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.restartTimer);
    for (const request of this.queue.splice(0)) request.reject('the server shut down');
    const exits = [...this.readers].map((reader) => {
      reader.process.kill();
      return reader.process.exited;
    });
    await Promise.all(exits);
  }

  private spawn(): Promise<StartOutcome> {
    const reader: Reader = {
      ready: false,
      pending: new Map(),
      process: new WorkerProcess(
        this.launch,
        this.log,
        (message) => this.onMessage(reader, message),
        (how) => this.onExit(reader, how),
        'reader',
      ),
    };
    this.readers.add(reader);
    return reader.process.started;
  }

  private onMessage(reader: Reader, message: WorkerMessage): void {
    if (message.type === 'ready') {
      reader.ready = true;
      this.startFailures = 0;
      this.dispatch();
      return;
    }
    if (message.type !== 'reading' && message.type !== 'unread') return;
    this.settle(reader, message);
    if (reader.pending.size === 0 && (reader.process.residentBytes() ?? 0) > MAX_READER_BYTES) {
      this.log.warn({ reader: reader.process.pid }, 'reader outgrew its memory; replaced');
      reader.process.kill();
    }
  }

  private settle(reader: Reader, message: ReadingMessage): void {
    const waiting = reader.pending.get(message.id);
    if (!waiting) return;
    reader.pending.delete(message.id);
    if (message.type === 'reading') waiting.resolve(message.reading);
    else waiting.reject(message.reason);
  }

  private onExit(reader: Reader, how: string): void {
    this.readers.delete(reader);
    for (const waiting of reader.pending.values()) waiting.reject(`the reader ${how}`);
    if (this.closing) return;
    this.log.warn({ reader: reader.process.pid, how }, 'reader stopped');
    if (!reader.ready) this.startFailures++;
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => {
      while (!this.closing && this.readers.size < this.size) void this.spawn();
    }, restartDelayMs(this.startFailures));
  }
}
