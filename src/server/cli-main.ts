import { availableParallelism } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildServer } from './app.js';
import { checkKeyLengths, keysFromEnv, readKeyFile } from './api-keys.js';
import { parseCliArgs, USAGE, type CliOptions } from './cli-args.js';
import { drainOnStop } from './shutdown.js';
import { audioPolicy, DRAIN_GRACE_MS } from './limits.js';
import { DEFAULT_JOB_BUDGET } from './workers/job-budget.js';
import { WorkerPool } from './workers/worker-pool.js';
import { serverReadyLine } from '../shared/server-ready.js';

export interface ServerRun {
  /** The worker module to fork: the TypeScript source under tsx, the bundle's file when built. */
  workerEntry: string;
  /** Aborted by SIGTERM, SIGINT or the parent's going away, at any moment from start-up on. */
  stop: AbortSignal;
}

function loadKeys(options: CliOptions): string[] {
  const keys = options.keysFile ? readKeyFile(options.keysFile) : [];
  return [...keys, ...keysFromEnv(process.env.EXAMINER_API_KEYS)];
}

/** A per-minute limit from the command line: absent for the default, 0 for none. */
function perMinute(max: number | undefined) {
  if (max === 0) return false;
  if (max === undefined) return undefined;
  return { max, windowMs: 60_000 };
}

function startPool(options: CliOptions, size: number, entry: string, app: FastifyInstance) {
  const timeout = options.jobTimeoutSeconds;
  return new WorkerPool({
    entry,
    size,
    policy: audioPolicy(options.audioRoots, options.blockPrivateNetworks),
    budget: timeout ? { ...DEFAULT_JOB_BUDGET, capMs: timeout * 1000 } : DEFAULT_JOB_BUDGET,
    log: app.log,
  });
}

async function serve(argv: string[], run: ServerRun): Promise<void> {
  const options = parseCliArgs(argv);
  const apiKeys = loadKeys(options);
  if (apiKeys.length === 0)
    throw new Error('no API keys: pass --keys FILE or set EXAMINER_API_KEYS');
  checkKeyLengths(apiKeys); // before the workers load the engine, not after
  // Asked to stop before there is anything to drain.
  if (run.stop.aborted) process.exit(0);
  let engineLoaded!: (engine: Promise<WorkerPool | undefined>) => void;
  const workers = options.workers ?? availableParallelism();
  const app = buildServer({
    apiKeys,
    // The workers load while the server already answers /health (503) and dictation.
    speakingScorer: new Promise((resolve) => (engineLoaded = resolve)),
    maxConcurrentJobs: options.maxJobs ?? 2 * workers,
    rateLimit: perMinute(options.rateLimitPerMinute),
    refusalBudget: perMinute(options.refusalLimitPerMinute),
    logger: { level: options.logLevel, stream: process.stderr },
  });
  const pool = startPool(options, workers, run.workerEntry, app);
  engineLoaded(pool.started().then((available) => (available ? pool : undefined)));
  await app.listen({ port: options.port, host: options.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  if (!run.stop.aborted) process.stdout.write(`${serverReadyLine(port)}\n`);
  // A signal that came while listening is acted on here, once there is a server to close.
  const graceMs = options.drainSeconds === undefined ? DRAIN_GRACE_MS : options.drainSeconds * 1000;
  drainOnStop(app, run.stop, { graceMs, closeWorkers: () => pool.close(), log: app.log });
}

export async function runServer(argv: string[], run: ServerRun): Promise<void> {
  try {
    await serve(argv, run);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    process.exit(1);
  }
}
