import type { SpeakingScorer } from '../engine/speaking/scorer.js';
import { buildServer } from './app.js';
import { keysFromEnv, readKeyFile } from './api-keys.js';
import { parseCliArgs, USAGE, type CliOptions } from './cli-args.js';
import { audioPolicy } from './limits.js';
import { loadSpeakingScorer } from './speaking-loader.js';

/** The parent process (the desktop app) reads this line from stdout to learn the port. */
const READY_PREFIX = 'EXAMINER_SERVER_READY';
const FORCED_EXIT_MS = 10_000;

function loadKeys(options: CliOptions): string[] {
  const keys = options.keysFile ? readKeyFile(options.keysFile) : [];
  return [...keys, ...keysFromEnv(process.env.EXAMINER_API_KEYS)];
}

function rateLimit(options: CliOptions) {
  if (options.rateLimitPerMinute === 0) return false;
  if (options.rateLimitPerMinute === undefined) return undefined;
  return { max: options.rateLimitPerMinute, windowMs: 60_000 };
}

async function main(): Promise<void> {
  const options = parseCliArgs(process.argv.slice(2));
  const apiKeys = loadKeys(options);
  if (apiKeys.length === 0)
    throw new Error('no API keys: pass --keys FILE or set EXAMINER_API_KEYS');
  let engineLoaded!: (engine: Promise<SpeakingScorer | undefined>) => void;
  const app = buildServer({
    apiKeys,
    // The engine loads while the server already answers /health (503) and dictation.
    speakingScorer: new Promise((resolve) => (engineLoaded = resolve)),
    maxConcurrentJobs: options.maxJobs,
    rateLimit: rateLimit(options),
    logger: { level: options.logLevel, stream: process.stderr },
  });
  const policy = audioPolicy(options.audioRoots, options.blockPrivateNetworks);
  engineLoaded(loadSpeakingScorer(policy, app.log));
  await app.listen({ port: options.port, host: options.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  process.stdout.write(`${READY_PREFIX} ${JSON.stringify({ port })}\n`);

  let closing = false;
  const shutdown = (reason: string): void => {
    if (closing) return;
    closing = true;
    app.log.info({ reason }, 'shutting down');
    setTimeout(() => process.exit(1), FORCED_EXIT_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  // Forked by the desktop app: when the parent goes away, so does the engine.
  if (process.send) process.once('disconnect', () => shutdown('parent disconnected'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
  process.exit(1);
});
