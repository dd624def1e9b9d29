/**
 * A scoring worker: one process, one speech decoder, one job at a time. The pool forks it,
 * sends the audio policy in its argument, and stops it with SIGKILL when a job runs past its
 * budget or its client hangs up (the decoder runs in WebAssembly and cannot be interrupted).
 */
import type * as AudioModuleType from '../../engine/audio/index.js';
import type * as EngineModuleType from '../../engine/speaking/index.js';
import type { AudioPolicy } from '../../engine/speaking/scorer.js';
import { ScoringError } from '../../shared/contract/errors.js';
import { stopWithParent } from './parent-watch.js';
import type { ScoreMessage, WorkerError, WorkerMessage } from './protocol.js';

type EngineModule = typeof EngineModuleType;
type AudioModule = typeof AudioModuleType;
type SpeechEngine = Awaited<ReturnType<EngineModule['loadSpeechEngine']>>;

function send(message: WorkerMessage): void {
  process.send?.(message);
}

function describe(error: unknown): WorkerError {
  if (error instanceof ScoringError) {
    return { code: error.code, message: error.message, field: error.field };
  }
  // The server's log gets the detail; the client gets INTERNAL's generic message.
  process.stderr.write(`scoring job failed: ${error instanceof Error ? error.stack : error}\n`);
  return { code: 'INTERNAL', message: 'internal error; the failure has been logged', field: null };
}

async function loadModules(): Promise<[EngineModule, AudioModule] | string> {
  try {
    return await Promise.all([
      import('../../engine/speaking/index.js'),
      import('../../engine/audio/index.js'),
    ]);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * The same steps as the engine's createSpeakingScorer, with the decoded length reported in
 * between: the pool's time budget for the job is proportional to it.
 */
async function runJob(
  modules: [EngineModule, AudioModule],
  engine: SpeechEngine,
  policy: AudioPolicy,
  { id, task, request }: ScoreMessage,
): Promise<void> {
  const [speaking, audioModule] = modules;
  try {
    const { audio, quality } = await audioModule.loadAudio(request.audioUrl, policy);
    send({ type: 'decoded', id, seconds: audio.durationSeconds });
    const result = await speaking.scoreAnswer(engine, task, request, {
      ...audio,
      clipped: quality.clipped,
    });
    send({ type: 'done', id, result });
  } catch (error) {
    send({ type: 'failed', id, error: describe(error) });
  }
}

async function main(): Promise<void> {
  // The pool alone decides when a worker stops: a signal sent to the whole process group
  // (Ctrl-C, a service manager) must not cut jobs short while the server drains.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => {});
  process.on('disconnect', () => process.exit(0));
  stopWithParent();
  const policy = JSON.parse(process.argv[2] ?? '{}') as AudioPolicy;
  const modules = await loadModules();
  if (typeof modules === 'string') {
    send({ type: 'unavailable', reason: modules });
    return;
  }
  const engine = await modules[0].loadSpeechEngine();
  process.on('message', (message: ScoreMessage) => {
    if (message.type === 'score') void runJob(modules, engine, policy, message);
  });
  send({ type: 'ready' });
}

main().catch((error: unknown) => {
  process.stderr.write(`scoring worker failed to start: ${String(error)}\n`);
  process.exit(1);
});
