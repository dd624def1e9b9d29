import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { createInterface } from 'node:readline';
import type { FastifyBaseLogger } from 'fastify';
import type { AudioPolicy } from '../../engine/tasks/index.js';
import type { PoolMessage, WorkerMessage } from './protocol.js';

export interface WorkerLaunch {
  /** The worker's entry module (worker-main.ts under tsx, scoring-worker.js when bundled). */
  entry: string;
  /** Node options for the worker; by default the server's own (tsx's loader under `npm run serve`). */
  execArgv?: string[];
  policy: AudioPolicy;
}

/**
 * Workers yield the CPU to the server's own thread, so that /health, dictation and the
 * routing of speech jobs stay quick while every worker decodes: this much nicer than the
 * server, whatever the server's own niceness (a server started under `nice` keeps the order).
 */
const WORKER_NICENESS = 5;
const NICEST = 19;

/** A scoring worker, or the reader that holds Moonshine for all of them (worker-main.ts). */
export type WorkerRole = 'scorer' | 'reader';

/** How a worker's start ended: its engine loaded, none found, or the process died first. */
export type StartOutcome = 'ready' | 'unavailable' | 'exited';

/** One worker process, as the pool drives it. */
export class WorkerProcess {
  private readonly child: ChildProcess;
  readonly exited: Promise<void>;
  readonly started: Promise<StartOutcome>;

  constructor(
    launch: WorkerLaunch,
    log: FastifyBaseLogger,
    onMessage: (message: WorkerMessage) => void,
    onExit: (how: string) => void,
    role: WorkerRole = 'scorer',
  ) {
    this.child = fork(launch.entry, [JSON.stringify(launch.policy), role], {
      execArgv: launch.execArgv ?? process.execArgv,
      // Structured clone carries a 30 MB data: URL faster than JSON.
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    const pid = this.child.pid;
    try {
      if (pid) setPriority(pid, Math.min(NICEST, getPriority() + WORKER_NICENESS));
    } catch {
      // Not permitted here: the workers run at the server's priority.
    }
    createInterface({ input: this.child.stderr! }).on('line', (line) =>
      log.warn({ worker: pid }, line),
    );
    let settleStart!: (outcome: StartOutcome) => void;
    this.started = new Promise((resolve) => (settleStart = resolve));
    this.child.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready' || message.type === 'unavailable') settleStart(message.type);
      onMessage(message);
    });
    this.child.on('error', (error) =>
      log.error({ err: error, worker: pid }, 'scoring worker error'),
    );
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => {
        settleStart('exited');
        onExit(signal ? `stopped by ${signal}` : `exited with code ${code}`);
        resolve();
      }),
    );
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Dropped when the process has gone: its exit is handled where it is reported. */
  send(message: PoolMessage): void {
    if (this.child.connected) this.child.send(message);
  }

  /** Immediate: a decoder busy in WebAssembly never reads a gentler request. */
  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }

  /** Resident memory in bytes (Linux), or undefined where /proc cannot tell. */
  residentBytes(): number | undefined {
    try {
      const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
      const match = /^VmRSS:\s+(\d+) kB$/mu.exec(status);
      return match ? Number(match[1]) * 1024 : undefined;
    } catch {
      return undefined;
    }
  }
}
