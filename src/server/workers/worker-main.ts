/**
 * A scoring worker: one process, one speech decoder, one job at a time; or, with the role
 * argument `reader`, the reader that holds Moonshine for several of them. The pool forks it,
 * sends the audio policy in its argument, and stops it with SIGKILL when a job runs past its
 * budget or its client hangs up (the decoder runs in WebAssembly and cannot be interrupted).
 */
import type * as EngineModuleType from '../../engine/tasks/index.js';
import type { AudioPolicy, ReferenceReading } from '../../engine/tasks/index.js';
import { ScoringError } from '../../shared/contract/errors.js';
import { stopWithParent } from './parent-watch.js';
import type { PoolMessage, ReadMessage, WorkerError, WorkerMessage } from './protocol.js';

type EngineModule = typeof EngineModuleType;
type SpeechEngine = Awaited<ReturnType<EngineModule['loadSpeechEngine']>>;
type OwnedReader = Awaited<ReturnType<EngineModule['loadReferenceReader']>>;

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

async function loadEngineModule(): Promise<EngineModule | string> {
  try {
    return await import('../../engine/tasks/index.js');
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** One answer; its decoded length is reported first: the pool's time budget follows it. */
async function runJob(
  speaking: EngineModule,
  engine: SpeechEngine,
  policy: AudioPolicy,
  { id, task, request }: Extract<PoolMessage, { type: 'score' }>,
): Promise<void> {
  try {
    const result = await speaking.scoreAudioUrl(engine, task, request, policy, {
      onDecoded: (seconds) => send({ type: 'decoded', id, seconds }),
    });
    send({ type: 'done', id, result });
  } catch (error) {
    send({ type: 'failed', id, error: describe(error) });
  }
}

/**
 * The shared reader's Moonshine, asked through the pool (shared-readers.ts): one copy serves
 * several workers, each of which would otherwise hold its own and outgrow its allowance.
 */
function pooledReader(): { reader: OwnedReader; answer: (message: PoolMessage) => void } {
  const waiting = new Map<
    number,
    { resolve: (reading: ReferenceReading) => void; reject: (e: Error) => void }
  >();
  let nextId = 1;
  const reader: OwnedReader = {
    read: (samples, words) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        send({ type: 'read', id, samples, words });
      }),
    close: async () => undefined,
  };
  const answer = (message: PoolMessage): void => {
    if (message.type !== 'reading' && message.type !== 'unread') return;
    const pending = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.type === 'reading') pending?.resolve(message.reading);
    else
      pending?.reject(
        new ScoringError('OVERLOADED', `the answer could not be read (${message.reason}); retry`),
      );
  };
  return { reader, answer };
}

/** The reader's role: Moonshine loaded once, reading one reference at a time for the pool. */
async function serveReadings(speaking: EngineModule): Promise<void> {
  const reader = await speaking.loadReferenceReader();
  let queue: Promise<unknown> = Promise.resolve();
  process.on('message', ({ id, samples, words }: ReadMessage) => {
    queue = queue.then(() =>
      reader.read(samples, words).then(
        (reading) => send({ type: 'reading', id, reading }),
        (error: unknown) => send({ type: 'unread', id, reason: String(error) }),
      ),
    );
  });
  send({ type: 'ready' });
}

async function main(): Promise<void> {
  // The pool alone decides when a worker stops: a signal sent to the whole process group
  // (Ctrl-C, a service manager) must not cut jobs short while the server drains.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => {});
  process.on('disconnect', () => process.exit(0));
  stopWithParent();
  const policy = JSON.parse(process.argv[2] ?? '{}') as AudioPolicy;
  const speaking = await loadEngineModule();
  if (typeof speaking === 'string') {
    send({ type: 'unavailable', reason: speaking });
    return;
  }
  if (process.argv[3] === 'reader') return serveReadings(speaking);
  const { reader, answer } = pooledReader();
  const engine = await speaking.loadSpeechEngine(undefined, undefined, undefined, reader);
  process.on('message', (message: PoolMessage) => {
    if (message.type === 'score') void runJob(speaking, engine, policy, message);
    else answer(message);
  });
  send({ type: 'ready' });
}

main().catch((error: unknown) => {
  process.stderr.write(`scoring worker failed to start: ${String(error)}\n`);
  process.exit(1);
});
