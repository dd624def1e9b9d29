import { join } from 'node:path';
import type { Logger } from 'pino';
import { request } from 'undici';
import { CatalogService } from '../catalog/catalog-service.js';
import { EmbeddedEngine } from '../engine-process/embedded-engine.js';
import { installSamples } from '../catalog/samples.js';
import { ExportService } from '../export/export-service.js';
import { writeExport } from '../export/export-files.js';
import { MediaStore } from '../media/media-store.js';
import { sittingReportPdf } from '../sittings/sitting-pdf.js';
import { SittingService } from '../sittings/sitting-service.js';
import { SittingsRepo } from '../store/sittings-repo.js';
import { TestFormsRepo } from '../store/test-forms-repo.js';
import { createLogger } from '../logging/logger.js';
import { ModerationService } from '../moderation/moderation-service.js';
import { ProgressService } from '../progress/progress-service.js';
import { AttemptService } from '../attempts/attempt-service.js';
import { removeOrphanRecordings } from '../recordings/recordings.js';
import { buildRequest, type BuiltRequest } from '../queue/request-builder.js';
import { ScoringQueue, type QueueOptions } from '../queue/scoring-queue.js';
import {
  ScoringClient,
  type ScoringClientOptions,
  type ScoringEndpoint,
} from '../scoring-client/client.js';
import { testConnection } from '../endpoint/connection-test.js';
import { SettingsService } from '../settings/settings-service.js';
import type { AttemptRow } from '../store/attempt-rows.js';
import { AttemptsRepo } from '../store/attempts-repo.js';
import { CandidatesRepo } from '../store/candidates-repo.js';
import { openDatabase, type Db } from '../store/database.js';
import { ItemsRepo } from '../store/items-repo.js';
import { SettingsRepo } from '../store/settings-repo.js';
import { dispatch, toApiFailure } from './api-dispatch.js';
import type { AppCore, HostOptions } from './app-core.js';
import { EndpointResolver } from '../endpoint/endpoint-resolver.js';
import { EventHub } from './event-hub.js';
import { buildHandlers } from './handlers.js';
import { explainDiskFull } from '../disk/disk-full.js';
import { makeDataDirPrivate } from '../privacy/private-data-dir.js';

/** Knobs for tests; the hosts use the defaults. */
export interface CoreTuning {
  logger?: Logger;
  client?: Partial<ScoringClientOptions>;
  queue?: Partial<QueueOptions>;
  engine?: { startTimeoutMs?: number; restartBaseMs?: number; restartCapMs?: number };
}

interface Parts {
  logger: Logger;
  closeLog: () => Promise<void>;
  db: Db;
  repos: { attempts: AttemptsRepo; candidates: CandidatesRepo; items: ItemsRepo };
  settings: SettingsService;
  engine: EmbeddedEngine;
  resolver: EndpointResolver;
  hub: EventHub;
  client: ScoringClient;
  probeClient: ScoringClient;
}

/** Builds the whole main process: store, settings, engine, queue and the API handlers. */
export async function createAppCore(
  options: HostOptions,
  tuning: CoreTuning = {},
): Promise<AppCore> {
  makeDataDirPrivate(options.dataDir);
  const parts = openParts(options, tuning);
  const { queue, attempts } = buildQueue(parts, tuning.queue);
  const media = new MediaStore(options.dataDir);
  const catalog = new CatalogService(
    parts.repos.candidates,
    parts.repos.items,
    parts.repos.attempts,
    media,
    () => parts.settings.stored().showSamples,
  );
  await installSamples(parts.repos.items, media, new SettingsRepo(parts.db), parts.logger).catch(
    (error: unknown) => parts.logger.error({ err: error }, 'sample items could not be installed'),
  );
  const sittings = new SittingService(
    { ...parts.repos, sittings: new SittingsRepo(parts.db) },
    attempts,
  );
  const handlers = buildHandlers({
    info: {
      name: 'Examiner',
      version: options.appVersion,
      host: options.host,
      dataDir: options.dataDir,
    },
    settings: parts.settings,
    resolver: parts.resolver,
    catalog,
    attempts,
    exports: new ExportService(options.dataDir, parts.repos.attempts, parts.repos.candidates),
    testConnection: () => testConnection(parts.probeClient, parts.resolver),
    deleteCandidate: async (id, confirm) => {
      const removed = await catalog.deleteCandidate(id, confirm);
      for (const attemptId of removed) parts.hub.emit('attempt.deleted', { id: attemptId });
    },
    sittings,
    forms: new TestFormsRepo(parts.db),
    exportFile: (stem, extension, content) =>
      writeExport(join(options.dataDir, 'exports'), stem, extension, content),
    sittingPdf: (id) => sittingReportPdf(sittings.summary(id)),
    queueStatus: () => queue.status(),
    moderation: new ModerationService(options.dataDir, parts.repos.attempts),
    progress: new ProgressService(parts.repos.attempts),
  });
  await removeOrphans(parts);
  queue.start();
  void attempts.repairRecordingDurations(parts.logger);
  followEndpoint(parts, queue, attempts);
  parts.logger.info(
    { host: options.host, version: options.appVersion, dataDir: options.dataDir },
    'app core started',
  );

  let closing: Promise<void> | null = null;
  return {
    dispatch: (method, input) =>
      loggedDispatch(parts.logger, method, () => dispatch(handlers, method, input)).catch(
        // Every write path at once: a full disk is named as such, never "something went wrong".
        async (error: unknown) => {
          throw await explainDiskFull(error, options.dataDir);
        },
      ),
    subscribe: (listener) => parts.hub.subscribe(listener),
    close: () => (closing ??= closeAll(parts, queue)),
  };
}

function openParts(options: HostOptions, tuning: CoreTuning): Parts {
  const log = tuning.logger
    ? { logger: tuning.logger, close: async () => undefined }
    : createLogger(join(options.dataDir, 'logs'));
  const logger = log.logger;
  const db = openDatabase(join(options.dataDir, 'examiner.db'));
  const settings = new SettingsService(new SettingsRepo(db), options.secretStore, options.dataDir);
  const engine = new EmbeddedEngine({ ...options.serverEntry, logger, ...tuning.engine });
  return {
    logger,
    closeLog: log.close,
    db,
    repos: {
      attempts: new AttemptsRepo(db),
      candidates: new CandidatesRepo(db),
      items: new ItemsRepo(db),
    },
    settings,
    engine,
    resolver: new EndpointResolver(settings, engine),
    hub: new EventHub((error) => logger.error({ err: error }, 'event listener failed')),
    client: new ScoringClient(tuning.client),
    // The connection test should answer promptly, so it does not retry.
    probeClient: new ScoringClient({ ...tuning.client, maxRetries: 0, totalTimeoutMs: 30_000 }),
  };
}

function buildQueue(
  parts: Parts,
  options: Partial<QueueOptions> | undefined,
): { queue: ScoringQueue; attempts: AttemptService } {
  const { repos, resolver, settings, hub } = parts;
  let attempts: AttemptService | null = null;
  const queue = new ScoringQueue(
    {
      attempts: repos.attempts,
      client: parts.client,
      endpoint: () => resolver.current(),
      buildRequest: (row) => requestFor(row, repos.items, resolver, settings),
      changed: (id) => attempts?.notifyChanged(id),
      probe: answersHealth,
      logger: parts.logger,
    },
    options,
  );
  attempts = new AttemptService(repos, queue, () => settings.stored().recordingsDir, {
    changed: (attempt) => hub.emit('attempt.changed', attempt),
    deleted: (id) => hub.emit('attempt.deleted', { id }),
  });
  return { queue, attempts };
}

/** Runs the embedded engine while it is the chosen endpoint, and wakes the queue on changes. */
function followEndpoint(parts: Parts, queue: ScoringQueue, attempts: AttemptService): void {
  const { engine, settings, resolver, hub } = parts;
  const apply = (): void => {
    const current = settings.stored();
    if (current.endpointMode === 'embedded') engine.start(current.recordingsDir);
    else void engine.stop();
    hub.emit('engine.status', resolver.engineStatus());
    queue.resume();
  };
  engine.onStatus(() => {
    hub.emit('engine.status', resolver.engineStatus());
    if (engine.baseUrl()) queue.resume();
  });
  settings.onChange((_settings, endpointChanged) => {
    if (endpointChanged) {
      for (const id of parts.repos.attempts.requeueKeyRefused()) attempts.notifyChanged(id);
    }
    apply();
  });
  apply();
}

/** Recording files left by a kill between writing them and inserting their row (issue 13). */
async function removeOrphans({ db, settings, logger }: Parts): Promise<void> {
  const referenced = db
    .prepare<[], string>(
      'SELECT audio_path FROM attempts WHERE audio_path IS NOT NULL UNION ' +
        'SELECT prompt_audio_path FROM items WHERE prompt_audio_path IS NOT NULL',
    )
    .pluck()
    .all();
  const removed = await removeOrphanRecordings(settings.stored().recordingsDir, referenced);
  if (removed.length > 0) logger.warn({ removed }, 'removed recordings no attempt refers to');
}

/** True when the endpoint's GET /health answers 200 within two seconds. */
export async function answersHealth(endpoint: ScoringEndpoint): Promise<boolean> {
  try {
    const response = await request(`${endpoint.baseUrl.replace(/\/+$/u, '')}/health`, {
      signal: AbortSignal.timeout(2_000),
    });
    await response.body.dump();
    return response.statusCode === 200;
  } catch {
    return false;
  }
}

async function requestFor(
  row: AttemptRow,
  items: ItemsRepo,
  resolver: EndpointResolver,
  settings: SettingsService,
): Promise<BuiltRequest> {
  const item = items.get(row.item_id);
  if (!item) throw new Error(`item ${row.item_id} is gone`);
  const stored = settings.stored();
  return buildRequest(row, item, resolver.audioRoute(), {
    scale: stored.defaultScale,
    precision: stored.defaultPrecision,
  });
}

async function loggedDispatch(
  logger: Logger,
  method: string,
  run: () => Promise<unknown>,
): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    const failure = toApiFailure(error);
    logger.warn(
      { method, message: failure.message, detail: failure.detail, err: error },
      'request failed',
    );
    throw error;
  }
}

async function closeAll(parts: Parts, queue: ScoringQueue): Promise<void> {
  parts.hub.clear();
  await queue.stop();
  await parts.engine.stop();
  await Promise.all([parts.client.close(), parts.probeClient.close()]);
  parts.db.close();
  parts.logger.info('app core closed');
  await parts.closeLog();
}
