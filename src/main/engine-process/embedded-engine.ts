import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Logger } from 'pino';
import type { EngineStatus } from '../../shared/app-api.js';
import { backoffDelay } from '../scoring-client/backoff.js';
import { forkLauncher, type EngineChild, type EngineLauncher } from './engine-child.js';
import { waitForHealth } from './health.js';
import { waitForReadyLine } from './ready-line.js';

export interface EngineOptions {
  modulePath: string;
  execArgv: string[];
  /** How the server process is started: Node's fork unless the host says otherwise. */
  launcher?: EngineLauncher;
  logger: Logger;
  startTimeoutMs?: number;
  restartBaseMs?: number;
  restartCapMs?: number;
}

/** A run that lasted this long resets the restart backoff. */
const STABLE_MS = 60_000;
const HEALTH_TIMEOUT_MS = 10 * 60_000;

/**
 * The scoring server as a child process on a free loopback port, with a key made fresh for
 * each app run. Restarted with backoff whenever it dies while wanted.
 */
export class EmbeddedEngine {
  readonly apiKey = randomBytes(32).toString('hex');
  private child: EngineChild | null = null;
  private wanted = false;
  private audioRoot = '';
  private current: EngineStatus = { state: 'stopped', baseUrl: null, detail: null };
  private failures = 0;
  private startedAt = 0;
  private restartTimer: NodeJS.Timeout | null = null;
  private readonly listeners = new Set<(status: EngineStatus) => void>();

  constructor(private readonly options: EngineOptions) {}

  status(): EngineStatus {
    return this.current;
  }

  baseUrl(): string | null {
    return this.current.state === 'ready' ? this.current.baseUrl : null;
  }

  onStatus(listener: (status: EngineStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(audioRoot: string): void {
    if (this.wanted && this.audioRoot === audioRoot) return;
    this.audioRoot = audioRoot;
    try {
      mkdirSync(audioRoot, { recursive: true });
    } catch (error) {
      // The engine skips a missing root; saving a recording then says what is wrong.
      this.options.logger.warn({ err: error, audioRoot }, 'recordings folder unavailable');
    }
    this.wanted = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    if (this.child) this.child.stop();
    else this.launch('starting');
  }

  async stop(): Promise<void> {
    this.wanted = false;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    const child = this.child;
    if (child) await terminate(child);
    this.setStatus({ state: 'stopped', baseUrl: null, detail: null });
  }

  private launch(state: 'starting' | 'restarting'): void {
    this.restartTimer = null;
    this.setStatus({
      state,
      baseUrl: null,
      detail:
        state === 'starting' ? 'Starting the scoring engine.' : 'Restarting the scoring engine.',
    });
    const launch = this.options.launcher ?? forkLauncher;
    const child = launch({
      modulePath: this.options.modulePath,
      // The engine serves this app alone, so no per-key rate limit; it drains for less time
      // than terminate() waits, so that it stops its scoring workers itself.
      args: [
        ...['--port', '0', '--host', '127.0.0.1', '--audio-root', this.audioRoot],
        ...['--rate-limit', '0', '--log-level', 'warn', '--drain-seconds', '3'],
      ],
      execArgv: this.options.execArgv,
      env: { ...process.env, EXAMINER_API_KEYS: this.apiKey },
    });
    this.child = child;
    this.startedAt = Date.now();
    child.onExit((code, signal) => this.onExit(child, code, signal));
    child.onError((error) => this.options.logger.error({ err: error }, 'engine process error'));
    this.pipeLogs(child);
    void this.awaitReady(child);
  }

  private async awaitReady(child: EngineChild): Promise<void> {
    const log = this.options.logger;
    const timeoutMs = this.options.startTimeoutMs ?? 30_000;
    try {
      const port = await waitForReadyLine(child.stdout!, timeoutMs, (line) =>
        log.info({ engine: line }),
      );
      const baseUrl = `http://127.0.0.1:${port}`;
      // Listening but still loading its speech models: /health answers 503 until then.
      await waitForHealth(baseUrl, HEALTH_TIMEOUT_MS, () => this.child === child);
      if (this.child !== child) return;
      this.setStatus({ state: 'ready', baseUrl, detail: null });
      log.info({ baseUrl }, 'scoring engine ready');
    } catch (error) {
      log.error({ err: error }, 'scoring engine did not start');
      if (this.child === child) child.stop(true);
    }
  }

  private onExit(child: EngineChild, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child !== child) return;
    this.child = null;
    this.options.logger.warn({ code, signal }, 'scoring engine exited');
    if (!this.wanted) return;
    this.failures = Date.now() - this.startedAt > STABLE_MS ? 0 : this.failures + 1;
    const delay = backoffDelay(
      this.failures - 1,
      this.options.restartBaseMs ?? 1_000,
      this.options.restartCapMs ?? 30_000,
    );
    const how = signal ? `was stopped (${signal})` : `exited (code ${code})`;
    this.setStatus({
      state: 'restarting',
      baseUrl: null,
      detail: `The scoring engine ${how}; restarting in ${(delay / 1000).toFixed(1)} s.`,
    });
    this.restartTimer = setTimeout(() => this.launch('restarting'), delay);
  }

  private pipeLogs(child: EngineChild): void {
    if (!child.stderr) return;
    createInterface({ input: child.stderr }).on('line', (line) =>
      logEngineLine(this.options.logger, line),
    );
  }

  private setStatus(status: EngineStatus): void {
    this.current = status;
    for (const listener of this.listeners) listener(status);
  }
}

/** The engine logs pino JSON lines on stderr; keep their level in the app's log. */
function logEngineLine(logger: Logger, line: string): void {
  let level = 40;
  let engine: unknown = line;
  try {
    const parsed = JSON.parse(line) as { level?: unknown };
    if (typeof parsed.level === 'number') level = parsed.level;
    engine = parsed;
  } catch {
    // Not JSON (a crash trace, say): kept as text at warning level.
  }
  const write = level >= 50 ? logger.error : level >= 40 ? logger.warn : logger.info;
  write.call(logger, { engine }, 'engine');
}

function terminate(child: EngineChild): Promise<void> {
  return new Promise((resolve) => {
    if (child.exited) {
      resolve();
      return;
    }
    const force = setTimeout(() => child.stop(true), 5_000);
    child.onExit(() => {
      clearTimeout(force);
      resolve();
    });
    child.stop();
  });
}
