import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createStream, type RotatingFileStream } from 'rotating-file-stream';

export interface SinkOptions {
  dir: string;
  /** How long after a failed write the file is tried again. */
  retryMs?: number;
  /** Told once per outage: the disk is full, or the folder went away. */
  onFailure?: (error: NodeJS.ErrnoException) => void;
}

const DEFAULT_RETRY_MS = 30_000;

function endsMidLine(file: string): boolean {
  try {
    const fd = openSync(file, 'r');
    try {
      const size = fstatSync(fd).size;
      if (size === 0) return false;
      const last = Buffer.alloc(1);
      readSync(fd, last, 0, 1, size - 1);
      return last[0] !== 0x0a;
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

/**
 * The log file behind pino, which must never take the app down: a rotating stream dies on its
 * first failed write (a full disk), and its unhandled `error` event would end the process.
 * Here a failed stream is dropped, lines are counted rather than written, and a fresh stream
 * is opened on the first line after `retryMs`; the file then says how many lines were lost.
 */
export class ResilientLogSink extends Writable {
  private current: RotatingFileStream | null = null;
  private failedAt = Number.NEGATIVE_INFINITY;
  private dropped = 0;
  /** False from a failure until a line is written again: one report per outage. */
  private healthy = true;

  constructor(private readonly options: SinkOptions) {
    super();
    this.current = this.open();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error) => void): void {
    const stream = this.current ?? this.reopenIfDue();
    if (!stream) this.dropped++;
    else
      stream.write(chunk, (error) => {
        if (error) this.dropped++;
        else this.healthy = true;
      });
    done();
  }

  override _final(done: (error?: Error) => void): void {
    const stream = this.current;
    if (!stream) return done();
    stream.once('error', () => done());
    stream.end(() => done());
  }

  private open(): RotatingFileStream {
    const stream = createStream('main.log', {
      path: this.options.dir,
      size: '5M',
      maxFiles: 5,
      compress: false,
    });
    stream.on('error', (error: NodeJS.ErrnoException) => this.fail(stream, error));
    return stream;
  }

  private fail(stream: RotatingFileStream, error: NodeJS.ErrnoException): void {
    if (this.current !== stream) return;
    this.current = null;
    this.failedAt = Date.now();
    stream.destroy();
    if (this.healthy) this.options.onFailure?.(error);
    this.healthy = false;
  }

  private reopenIfDue(): RotatingFileStream | null {
    if (Date.now() - this.failedAt < (this.options.retryMs ?? DEFAULT_RETRY_MS)) return null;
    this.current = this.open();
    if (this.dropped > 0) {
      const msg = `${this.dropped} log lines were lost: the log could not be written`;
      // The failed write may have left half a line; the note starts a line of its own.
      const start = endsMidLine(join(this.options.dir, 'main.log')) ? '\n' : '';
      this.current.write(`${start}${JSON.stringify({ level: 40, time: Date.now(), msg })}\n`);
      this.dropped = 0;
    }
    return this.current;
  }
}
