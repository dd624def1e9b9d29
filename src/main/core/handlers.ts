import type { AppInfo, QueueStatus } from '../../shared/app-api.js';
import type { ModerationService } from '../moderation/moderation-service.js';
import type { ProgressService } from '../progress/progress-service.js';
import type { CatalogService } from '../catalog/catalog-service.js';
import type { ExportService } from '../export/export-service.js';
import type { ExportResult } from '../export/export-files.js';
import type { SittingService } from '../sittings/sitting-service.js';
import type { TestFormsRepo } from '../store/test-forms-repo.js';
import type { AttemptService } from '../attempts/attempt-service.js';
import type { ConnectionReport } from '../endpoint/connection-test.js';
import type { SettingsService } from '../settings/settings-service.js';
import { filesFromList, filesFromZip } from '../catalog/item-bundle.js';
import type { ApiHandlers } from './api-dispatch.js';
import type { EndpointResolver } from '../endpoint/endpoint-resolver.js';

export interface CoreServices {
  info: AppInfo;
  settings: SettingsService;
  resolver: EndpointResolver;
  catalog: CatalogService;
  attempts: AttemptService;
  exports: ExportService;
  testConnection: () => Promise<ConnectionReport>;
  deleteCandidate: (id: number, confirm: string) => Promise<void>;
  sittings: SittingService;
  forms: TestFormsRepo;
  exportFile: (stem: string, extension: string, content: Buffer) => Promise<ExportResult>;
  sittingPdf: (id: number) => Promise<Buffer>;
  queueStatus: () => QueueStatus;
  moderation: ModerationService;
  progress: ProgressService;
}

function bytesOf(base64: string): Buffer {
  return Buffer.from(base64, 'base64');
}

const OK = { ok: true } as const;

/** The APP_API methods, each a thin call into one service. */
export function buildHandlers(s: CoreServices): ApiHandlers {
  return {
    'app.info': () => s.info,
    'engine.status': () => s.resolver.engineStatus(),
    'settings.get': () => s.settings.get(),
    'settings.update': (input) => s.settings.update(input),
    'settings.setApiKey': ({ key }) => s.settings.setApiKey(key),
    'settings.clearApiKey': () => s.settings.clearApiKey(),
    'settings.testConnection': () => s.testConnection(),
    'candidates.list': ({ search, includeArchived }) =>
      s.catalog.listCandidates(search, includeArchived),
    'candidates.create': (input) => s.catalog.createCandidate(input),
    'candidates.update': ({ id, ...fields }) => s.catalog.updateCandidate(id, fields),
    'candidates.archive': ({ id }) => s.catalog.archiveCandidate(id),
    'candidates.restore': ({ id }) => s.catalog.restoreCandidate(id),
    'candidates.deletionSummary': ({ id }) => s.catalog.deletionSummary(id),
    'candidates.delete': async ({ id, confirm }) => {
      await s.deleteCandidate(id, confirm);
      return OK;
    },
    'items.list': ({ task, includeArchived }) => s.catalog.listItems(task, includeArchived),
    'items.archive': ({ id }) => s.catalog.archiveItem(id),
    'items.restore': ({ id }) => s.catalog.restoreItem(id),
    'items.create': (input) => s.catalog.createItem(input),
    'items.update': ({ id, ...fields }) => s.catalog.updateItem(id, fields),
    'items.delete': ({ id }) => {
      s.catalog.deleteItem(id);
      return OK;
    },
    'attempts.submitSpeaking': (input) => s.attempts.submitSpeaking(input),
    'attempts.submitDictation': (input) => s.attempts.submitDictation(input),
    'attempts.list': ({ filter, limit, beforeId }) => s.attempts.list(filter, limit, beforeId),
    'attempts.get': ({ id }) => s.attempts.get(id),
    'attempts.audio': ({ id }) => s.attempts.audio(id),
    'attempts.retry': ({ id }) => s.attempts.retry(id),
    'attempts.cancel': ({ id }) => s.attempts.cancel(id),
    'attempts.delete': async ({ id }) => {
      await s.attempts.delete(id);
      return OK;
    },
    'attempts.mark': (input) => s.attempts.mark(input),
    'attempts.clearMark': ({ id }) => s.attempts.clearMark(id),
    'attempts.markKeyPoints': (input) => s.attempts.markKeyPoints(input),
    'attempts.markWords': (input) => s.attempts.markWords(input),
    'queue.status': () => s.queueStatus(),
    'moderation.agreement': ({ task }) => s.moderation.agreement(task),
    'export.agreementCsv': ({ task }) => s.moderation.csv(task),
    'export.csv': (filter) => s.exports.csv(filter),
    'export.attemptPdf': ({ id }) => s.exports.attemptPdf(id),
    'export.candidatePdf': ({ id }) => s.exports.candidatePdf(id),
    'media.import': async ({ fileName, base64, kind }) => ({
      path: await s.catalog.importMedia(bytesOf(base64), kind, fileName),
    }),
    'media.get': ({ path }) => s.catalog.readMedia(path),
    'items.import': ({ files }) =>
      s.catalog.importItems(() =>
        filesFromList(files.map((file) => ({ path: file.path, bytes: bytesOf(file.base64) }))),
      ),
    'items.importZip': ({ base64 }) => s.catalog.importItems(() => filesFromZip(bytesOf(base64))),
    'items.export': async ({ ids }) =>
      s.exportFile('items', 'zip', await s.catalog.exportItems(ids)),
    'sittings.start': ({ candidateId, itemIds }) => s.sittings.start(candidateId, itemIds),
    'sittings.get': ({ id }) => s.sittings.get(id),
    'sittings.unfinished': () => s.sittings.unfinished(),
    'sittings.answerSpeaking': (input) => s.sittings.answerSpeaking(input),
    'sittings.answerDictation': (input) => s.sittings.answerDictation(input),
    'sittings.skip': ({ id, position }) => s.sittings.skip(id, position),
    'sittings.finish': ({ id }) => s.sittings.finish(id),
    'sittings.summary': ({ id }) => s.sittings.summary(id),
    'sittings.pdf': async ({ id }) => {
      const summary = s.sittings.summary(id);
      return s.exportFile(
        `sitting-${id}-${summary.sitting.candidateName}`,
        'pdf',
        await s.sittingPdf(id),
      );
    },
    'sittings.csv': ({ id }) => {
      const csv = s.sittings.csv(id);
      const name = s.sittings.get(id).candidateName;
      return s.exportFile(`sitting-${id}-${name}`, 'csv', Buffer.from(csv, 'utf8'));
    },
    'sittings.recordAgain': ({ id, position }) => s.sittings.recordAgain(id, position),
    'sittings.markNoAnswer': ({ id, position }) => s.sittings.markNoAnswer(id, position),
    'forms.list': () => s.forms.list(),
    'forms.save': ({ name, itemIds }) => s.forms.save(name, itemIds),
    'candidates.progress': ({ id }) => s.progress.ofCandidate(id),
    'forms.delete': ({ id }) => {
      s.forms.delete(id);
      return OK;
    },
  };
}
