import { answersHealth } from '../../src/main/core/create-app-core';
import { join } from 'node:path';
import type { Attempt } from '../../src/shared/app-api.js';
import type { AppCore } from '../../src/main/core/app-core.js';
import { createAppCore } from '../../src/main/core/create-app-core.js';
import { silentLogger } from '../../src/main/logging/logger.js';
import { FileSecretStore } from '../../src/main/secrets/file-secret-store.js';
import { AttemptService } from '../../src/main/attempts/attempt-service.js';
import { buildRequest } from '../../src/main/queue/request-builder.js';
import { ScoringQueue, type QueueOptions } from '../../src/main/queue/scoring-queue.js';
import { ScoringClient, type ScoringEndpoint } from '../../src/main/scoring-client/client.js';
import { AttemptsRepo } from '../../src/main/store/attempts-repo.js';
import { CandidatesRepo } from '../../src/main/store/candidates-repo.js';
import { openDatabase, type Db } from '../../src/main/store/database.js';
import { ItemsRepo } from '../../src/main/store/items-repo.js';
import { FakeScoringServer, type Script } from './main-fake-server.js';
import { tempDir, type TempDir } from '../helpers/temp-dir.js';

/** The real app core on `dataDir`, as the browser host starts it, with the fake engine and no log. */
export function startQuietCore(dataDir: string): Promise<AppCore> {
  return createAppCore(
    {
      host: 'browser',
      appVersion: '9.9.9',
      dataDir,
      secretStore: new FileSecretStore(join(dataDir, 'api-key')),
      serverEntry: {
        modulePath: join(import.meta.dirname, 'main-fake-engine.ts'),
        execArgv: ['--import', 'tsx'],
      },
    },
    { logger: silentLogger() },
  );
}

/** The store, queue and attempt service wired as the app wires them, against one endpoint. */
export class QueueHarness {
  readonly db: Db;
  readonly attempts: AttemptsRepo;
  readonly candidates: CandidatesRepo;
  readonly items: ItemsRepo;
  readonly queue: ScoringQueue;
  readonly service: AttemptService;
  readonly events: Attempt[] = [];
  readonly client = new ScoringClient({
    retryBaseMs: 10,
    retryCapMs: 50,
    maxRetries: 1,
    totalTimeoutMs: 3_000,
  });
  endpoint: ScoringEndpoint | null;

  constructor(
    readonly dir: string,
    baseUrl: string | null,
    options: Partial<QueueOptions> = {},
  ) {
    this.db = openDatabase(join(dir, 'examiner.db'));
    this.attempts = new AttemptsRepo(this.db);
    this.candidates = new CandidatesRepo(this.db);
    this.items = new ItemsRepo(this.db);
    this.endpoint = baseUrl ? { baseUrl, apiKey: 'test-key' } : null;
    const recordings = join(dir, 'recordings');
    this.queue = new ScoringQueue(
      {
        attempts: this.attempts,
        client: this.client,
        endpoint: () => this.endpoint,
        buildRequest: (row) =>
          buildRequest(
            row,
            this.items.get(row.item_id)!,
            { mode: 'remote', audioRoot: recordings, mediaBaseUrl: '' },
            { scale: 5, precision: 0.1 },
          ),
        changed: (id) => this.service.notifyChanged(id),
        probe: (endpoint) => answersHealth(endpoint),
        logger: silentLogger(),
      },
      { concurrency: 1, retryBaseMs: 30, retryCapMs: 200, ...options },
    );
    this.service = new AttemptService(this, this.queue, () => recordings, {
      changed: (attempt) => this.events.push(attempt),
      deleted: () => undefined,
    });
  }

  seed(): { candidateId: number; rsItem: number; wfdItem: number } {
    const candidateId = this.candidates.create({ name: 'Ana', reference: 'A1', notes: '' }).id;
    const common = { keywords: [], promptAudioPath: null, imagePath: null };
    const rsItem = this.items.create({
      task: 'rs',
      title: 'RS 1',
      refText: 'the cat sat',
      ...common,
    }).id;
    const wfdItem = this.items.create({
      task: 'wfd',
      title: 'WFD 1',
      refText: 'the cat sat',
      ...common,
    }).id;
    return { candidateId, rsItem, wfdItem };
  }

  submitAudio(candidateId: number, itemId: number, text = 'RIFF-audio'): Promise<Attempt> {
    const audioBase64 = Buffer.from(text).toString('base64');
    return this.service.submitSpeaking({ candidateId, itemId, audioBase64, mimeType: 'audio/wav' });
  }

  status(id: number): string | undefined {
    return this.attempts.get(id)?.status;
  }

  /** The id of a new rs attempt (or wfd dictation) on newly seeded items, once it is scored. */
  async scoredAttempt(task: 'rs' | 'wfd' = 'rs'): Promise<number> {
    const { candidateId, rsItem, wfdItem } = this.seed();
    this.queue.start();
    const { id } =
      task === 'rs'
        ? await this.submitAudio(candidateId, rsItem)
        : this.service.submitDictation({ candidateId, itemId: wfdItem, typedAnswer: 'cat' });
    await waitFor(() => this.status(id) === 'scored', 10_000, 'scoring');
    return id;
  }

  async close(): Promise<void> {
    await this.queue.stop();
    await this.client.close();
    this.db.close();
  }
}

/** What a queue test runs on: a temp dir, a fake scoring server and a harness on both. */
export interface QueueSetup {
  dir: TempDir;
  server: FakeScoringServer;
  harness: QueueHarness;
}

/** A new temp dir, and a listening fake scoring server answering with `script` (else its default). */
export async function setUpScoring(script?: Script): Promise<Omit<QueueSetup, 'harness'>> {
  const dir = tempDir();
  const server = new FakeScoringServer();
  if (script) server.script = script;
  await server.listen();
  return { dir, server };
}

/** As setUpScoring, with a harness on the dir and the server. */
export async function setUpQueue(script?: Script): Promise<QueueSetup> {
  const { dir, server } = await setUpScoring(script);
  return { dir, server, harness: new QueueHarness(dir.path, server.url) };
}

/** Closes the harness (the test's last one, if it made any), kills the server, removes the dir. */
export async function tearDownQueue({
  dir,
  server,
  harness,
}: Omit<QueueSetup, 'harness'> & { harness?: QueueHarness }): Promise<void> {
  await harness?.close();
  await server.kill();
  dir.remove();
}

export async function waitFor(
  check: () => boolean,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
