import { z } from 'zod';
import { TASKS } from './contract/endpoints.js';

/**
 * The one typed API between the renderer and the main process. Both hosts (Electron IPC,
 * and the browser host's HTTP/WebSocket) carry exactly these methods and events, and
 * validate inputs and outputs with these schemas on both sides.
 */
export const TaskSchema = z.enum(TASKS);
const Id = z.number().int().positive();
const IsoTime = z.string();

export const Candidate = z.object({
  id: Id,
  name: z.string(),
  reference: z.string(),
  notes: z.string(),
  createdAt: IsoTime,
  /** Archived candidates keep every attempt and recording, and leave the pick lists. */
  archivedAt: IsoTime.nullable().optional(),
});
export const CandidateInput = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  reference: z.string().trim().max(100).default(''),
  notes: z.string().max(5000).default(''),
});

export const Item = z.object({
  id: Id,
  task: TaskSchema,
  title: z.string(),
  refText: z.string(),
  keywords: z.array(z.string()),
  promptAudioPath: z.string().nullable(),
  imagePath: z.string().nullable(),
  createdAt: IsoTime,
  archivedAt: IsoTime.nullable().optional(),
});
export const ItemInput = z.object({
  task: TaskSchema,
  title: z.string().trim().min(1, 'Title is required').max(200),
  refText: z.string().trim().min(1, 'Reference text is required').max(20000),
  keywords: z.array(z.string().trim().min(1)).max(100).default([]),
  promptAudioPath: z.string().nullable().default(null),
  imagePath: z.string().nullable().default(null),
});

export const ATTEMPT_STATUSES = [
  'recorded',
  'queued',
  'scoring',
  'scored',
  'failed_retryable',
  'failed_permanent',
  'cancelled',
] as const;
export const AttemptStatus = z.enum(ATTEMPT_STATUSES);

/** The score columns every attempt has, in the order lists and exports show them. */
export const SCORE_KEYS = ['content', 'pronunciation', 'fluency', 'words', 'overall'] as const;

export const ComponentScores = z.object({
  content: z.number().nullable(),
  pronunciation: z.number().nullable(),
  fluency: z.number().nullable(),
  words: z.number().nullable(),
  overall: z.number().nullable(),
});

/** The examiner's own marks beside the engine's; the engine's result is never overwritten. */
export const ExaminerMark = z.object({
  /** The examiner agreed with the engine's scores as they are. */
  confirmed: z.boolean(),
  scores: ComponentScores,
  comment: z.string(),
  updatedAt: IsoTime,
});
export const ExaminerMarkInput = z.object({
  id: Id,
  confirmed: z.boolean(),
  /** The examiner's marks; ignored when `confirmed`, which takes the engine's. */
  scores: ComponentScores.partial().default({}),
  comment: z.string().max(5000).default(''),
});

export const Attempt = z.object({
  id: Id,
  candidateId: Id,
  candidateName: z.string(),
  itemId: Id,
  itemTitle: z.string(),
  task: TaskSchema,
  status: AttemptStatus,
  audioPath: z.string().nullable(),
  audioSha256: z.string().nullable(),
  typedAnswer: z.string().nullable(),
  scores: ComponentScores,
  /** Each score's maximum (its scale): "3.6 / 5", "Words 8 / 11". */
  maxScores: ComponentScores.default({
    content: null,
    pronunciation: null,
    fluency: null,
    words: null,
    overall: null,
  }),
  /** The recording's length, known once it is saved with a duration. */
  audioDurationMs: z.number().nullable().default(null),
  mark: ExaminerMark.nullable().default(null),
  errorMessage: z.string().nullable(),
  tries: z.number().int().nonnegative(),
  nextRetryAt: IsoTime.nullable(),
  createdAt: IsoTime,
  updatedAt: IsoTime,
});

/** An attempt with the exact request sent and the raw response received. */
export const AttemptDetail = Attempt.extend({
  requestJson: z.string().nullable(),
  responseJson: z.string().nullable(),
  errorDetail: z.string().nullable(),
});

export const HistoryFilter = z.object({
  candidateId: Id.optional(),
  itemId: Id.optional(),
  task: TaskSchema.optional(),
  status: AttemptStatus.optional(),
  from: IsoTime.optional(),
  to: IsoTime.optional(),
  /** Candidate name or reference, or item title; accents and case are ignored. */
  search: z.string().max(200).optional(),
  review: z.enum(['needs_review', 'moderated']).optional(),
});
export const HistoryPage = z.object({
  filter: HistoryFilter.default({}),
  limit: z.number().int().min(1).max(500).default(50),
  /** Keyset cursor: the id of the last row of the previous page. */
  beforeId: Id.optional(),
});

export const EndpointMode = z.enum(['embedded', 'remote']);
export const Settings = z.object({
  endpointMode: EndpointMode,
  remoteBaseUrl: z.string(),
  /** For remote servers that cannot read `data:` URLs: recordings are published under this base. */
  mediaBaseUrl: z.string(),
  defaultScale: z.number().gt(0).lte(100),
  defaultPrecision: z.number().gt(0).lte(1),
  recordingsDir: z.string(),
  apiKeySet: z.boolean(),
});
export const SettingsUpdate = Settings.omit({ apiKeySet: true }).partial();

export const EngineStatus = z.object({
  state: z.enum(['starting', 'ready', 'restarting', 'stopped', 'remote']),
  baseUrl: z.string().nullable(),
  detail: z.string().nullable(),
});

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  host: z.enum(['electron', 'browser']),
  dataDir: z.string(),
});

/** What waits to be scored, for the navigation's queue count. */
export const QueueStatus = z.object({
  waiting: z.number().int().nonnegative(),
  /** When the queue next tries, or null when it tries as soon as the server answers. */
  nextTryAt: IsoTime.nullable(),
  /** False while the endpoint is missing or failing: attempts wait for the server. */
  serverAnswering: z.boolean(),
});

/** What deleting a candidate's data removes, named before the examiner confirms. */
export const DeletionSummary = z.object({
  name: z.string(),
  attempts: z.number().int().nonnegative(),
  recordings: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
});

/** Engine against examiner on the attempts both marked, for one task and component. */
export const AgreementRow = z.object({
  task: TaskSchema,
  component: z.enum(SCORE_KEYS),
  n: z.number().int().nonnegative(),
  /** Examiner minus engine, on average. */
  meanDifference: z.number().nullable(),
  meanAbsoluteDifference: z.number().nullable(),
  pearson: z.number().nullable(),
  /** Shares 0–1 of pairs whose rounded marks are equal, or within one point. */
  exact: z.number().nullable(),
  adjacent: z.number().nullable(),
  max: z.number().nullable(),
});
export const Agreement = z.object({
  rows: z.array(AgreementRow),
  /** Every pair, for the chart: engine and examiner marks as shares of the maximum. */
  pairs: z.array(
    z.object({
      task: TaskSchema,
      component: AgreementRow.shape.component,
      engine: z.number(),
      examiner: z.number(),
    }),
  ),
});

export const ExportResult = z.object({
  fileName: z.string(),
  path: z.string(),
  /** Base64 of the file, so the browser host can offer it as a download. */
  contentBase64: z.string(),
});

const Empty = z.object({}).default({});
const ById = z.object({ id: Id });
const Ok = z.object({ ok: z.literal(true) });

/** Sent bare in the Authorization header, so only characters a header may carry. */
const ApiKey = z
  .string()
  .trim()
  .min(1, 'Enter the API key.')
  .max(4096)
  .regex(/^[\x20-\x7e]+$/u, 'The API key may hold only letters, digits and ASCII symbols.');

function method<I extends z.ZodType, O extends z.ZodType>(input: I, output: O) {
  return { input, output };
}

export const APP_API = {
  'app.info': method(Empty, AppInfo),
  'engine.status': method(Empty, EngineStatus),
  'settings.get': method(Empty, Settings),
  'settings.update': method(SettingsUpdate, Settings),
  'settings.setApiKey': method(z.object({ key: ApiKey }), Settings),
  'settings.clearApiKey': method(Empty, Settings),
  'settings.testConnection': method(Empty, z.object({ ok: z.boolean(), message: z.string() })),
  'candidates.list': method(
    z
      .object({ search: z.string().default(''), includeArchived: z.boolean().default(false) })
      .default({ search: '', includeArchived: false }),
    z.array(Candidate),
  ),
  'candidates.create': method(CandidateInput, Candidate),
  'candidates.update': method(CandidateInput.extend({ id: Id }), Candidate),
  'candidates.archive': method(ById, Candidate),
  'candidates.restore': method(ById, Candidate),
  'candidates.deletionSummary': method(ById, DeletionSummary),
  /** Deletes a candidate with every attempt and recording: `confirm` must repeat the name. */
  'candidates.delete': method(ById.extend({ confirm: z.string() }), Ok),
  'items.list': method(
    z.object({ task: TaskSchema.optional(), includeArchived: z.boolean().default(false) }).default({
      includeArchived: false,
    }),
    z.array(Item),
  ),
  'items.archive': method(ById, Item),
  'items.restore': method(ById, Item),
  'items.create': method(ItemInput, Item),
  'items.update': method(ItemInput.extend({ id: Id }), Item),
  'items.delete': method(ById, Ok),
  'attempts.submitSpeaking': method(
    z.object({
      candidateId: Id,
      itemId: Id,
      audioBase64: z.string().min(1),
      mimeType: z.string().min(1).max(100),
    }),
    Attempt,
  ),
  'attempts.submitDictation': method(
    z.object({ candidateId: Id, itemId: Id, typedAnswer: z.string().max(2000) }),
    Attempt,
  ),
  'attempts.list': method(
    HistoryPage,
    z.object({ rows: z.array(Attempt), total: z.number().int() }),
  ),
  'attempts.get': method(ById, AttemptDetail),
  'attempts.audio': method(ById, z.object({ mimeType: z.string(), base64: z.string() })),
  'attempts.retry': method(ById, Attempt),
  'attempts.cancel': method(ById, Attempt),
  'attempts.delete': method(ById, Ok),
  'attempts.mark': method(ExaminerMarkInput, Attempt),
  'attempts.clearMark': method(ById, Attempt),
  'queue.status': method(Empty, QueueStatus),
  'moderation.agreement': method(z.object({ task: TaskSchema.optional() }).default({}), Agreement),
  'export.agreementCsv': method(
    z.object({ task: TaskSchema.optional() }).default({}),
    ExportResult,
  ),
  'export.csv': method(HistoryFilter, ExportResult),
  'export.attemptPdf': method(ById, ExportResult),
  'export.candidatePdf': method(ById, ExportResult),
} as const;

export type AppApi = typeof APP_API;
export type AppMethod = keyof AppApi;
export type MethodInput<M extends AppMethod> = z.input<AppApi[M]['input']>;
export type MethodOutput<M extends AppMethod> = z.output<AppApi[M]['output']>;

export const APP_EVENTS = {
  'attempt.changed': Attempt,
  'attempt.deleted': z.object({ id: Id }),
  'engine.status': EngineStatus,
} as const;
export type AppEvents = typeof APP_EVENTS;
export type AppEvent = keyof AppEvents;
export type EventPayload<E extends AppEvent> = z.output<AppEvents[E]>;

/** What the preload (or the browser host's client) exposes as `window.examiner`. */
export interface ExaminerBridge {
  call<M extends AppMethod>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>;
  on<E extends AppEvent>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** Errors cross the bridge as this shape, with a message fit for an examiner. */
export const ApiFailure = z.object({ message: z.string(), detail: z.string().nullable() });
export type ApiFailure = z.infer<typeof ApiFailure>;

export type Candidate = z.infer<typeof Candidate>;
export type Item = z.infer<typeof Item>;
export type Attempt = z.infer<typeof Attempt>;
export type AttemptDetail = z.infer<typeof AttemptDetail>;
export type AttemptStatus = z.infer<typeof AttemptStatus>;
export type HistoryFilter = z.infer<typeof HistoryFilter>;
export type Settings = z.infer<typeof Settings>;
export type EngineStatus = z.infer<typeof EngineStatus>;
export type AppInfo = z.infer<typeof AppInfo>;
export type ExaminerMark = z.infer<typeof ExaminerMark>;
export type QueueStatus = z.infer<typeof QueueStatus>;
export type DeletionSummary = z.infer<typeof DeletionSummary>;
export type Agreement = z.infer<typeof Agreement>;
export type AgreementRow = z.infer<typeof AgreementRow>;
export type ScoreKey = keyof z.infer<typeof ComponentScores>;
