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
  /** Shipped with the app in the sample bank (an examiner may hide these). */
  sample: z.boolean().default(false),
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

/** rl, di: how many of the result's key points the engine and the examiner heard. */
export const KeyPointCounts = z.object({
  total: z.number().int().positive(),
  engineHeard: z.number().int().nonnegative(),
  /** Null until the examiner marked every point. */
  examinerHeard: z.number().int().nonnegative().nullable(),
});

/** rs, once the examiner marked every word of the sentence: how many each side heard said. */
export const WordSaidCounts = z.object({
  total: z.number().int().positive(),
  engineSaid: z.number().int().nonnegative(),
  examinerSaid: z.number().int().nonnegative(),
});

/** rl, di: one key point as stored with the result, with the examiner's mark (null: none). */
export const StoredKeyPoint = z.object({
  text: z.string(),
  engineHeard: z.boolean(),
  examinerHeard: z.boolean().nullable(),
});

/** rs: one word of the sentence as stored once marked, with the examiner's mark (null: none). */
export const StoredWord = z.object({
  text: z.string(),
  engineSaid: z.boolean(),
  examinerSaid: z.boolean().nullable(),
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
  /** The mock test sitting this answer was given in, if any (History groups by it). */
  sittingId: Id.nullable().default(null),
  keyPoints: KeyPointCounts.nullable().default(null),
  wordsSaid: WordSaidCounts.nullable().default(null),
  /** rs: words whose said decision the engine is unsure of (docs/api.md), to listen for. */
  unsureWords: z.number().int().nonnegative().default(0),
});

/** An attempt with the exact request sent and the raw response received. */
export const AttemptDetail = Attempt.extend({
  requestJson: z.string().nullable(),
  responseJson: z.string().nullable(),
  errorDetail: z.string().nullable(),
  /** rl, di: the key points stored with the result, in the request's order. */
  storedKeyPoints: z.array(StoredKeyPoint).default([]),
  /** rs: the sentence's words, in order, once the examiner marked them (empty: never). */
  storedWords: z.array(StoredWord).default([]),
});

/** The examiner marks each key point of an rl or di result heard or not, in order. */
export const KeyPointMarksInput = z.object({
  id: Id,
  heard: z.array(z.boolean()).max(200),
});

/** The examiner marks each word of an rs sentence said or not, in the sentence's order. */
export const WordMarksInput = z.object({
  id: Id,
  said: z.array(z.boolean()).max(500),
});

/** The History columns that sort. */
export const HISTORY_SORT_COLUMNS = [
  'when',
  'candidate',
  'item',
  'task',
  'status',
  'overall',
  'sitting',
] as const;
export type HistorySortColumn = (typeof HISTORY_SORT_COLUMNS)[number];

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
  /** The attempts answered in one mock test sitting. */
  sittingId: Id.optional(),
  /** The order of the rows (and of the CSV); newest first when absent. */
  sort: z
    .object({ column: z.enum(HISTORY_SORT_COLUMNS), direction: z.enum(['asc', 'desc']) })
    .optional(),
});
export const HistoryPage = z.object({
  filter: HistoryFilter.default({}),
  limit: z.number().int().min(1).max(500).default(50),
  /** Keyset cursor: the id of the last row of the previous page. */
  beforeId: Id.optional(),
});

/** One task's exam timing; docs/exam-timing.md explains each step. */
export const TaskTiming = z.object({
  /** The "Beginning in" countdown before the prompt audio plays (or the preparation starts). */
  leadInSeconds: z.number().min(0).max(60),
  /** Preparation after the prompt, before the beep; 0 where the task has none. */
  prepSeconds: z.number().min(0).max(300),
  /** The longest answer: the recording, or the time to type the dictation. */
  responseSeconds: z.number().min(1).max(600),
});
export const ExamTiming = z.object({
  rs: TaskTiming,
  rl: TaskTiming,
  di: TaskTiming,
  wfd: TaskTiming,
  /** Recording stops after this much silence, once speech has begun. */
  silenceStopSeconds: z.number().min(0.5).max(30),
  /** A flat level meter for this long before the answer means no sound reaches the microphone. */
  silentInputSeconds: z.number().min(0.5).max(30),
});

/** The PTE-style timing of each task; docs/exam-timing.md gives the reasons. */
export const EXAM_TIMING: z.infer<typeof ExamTiming> = {
  rs: { leadInSeconds: 3, prepSeconds: 0, responseSeconds: 15 },
  rl: { leadInSeconds: 3, prepSeconds: 10, responseSeconds: 40 },
  di: { leadInSeconds: 0, prepSeconds: 25, responseSeconds: 40 },
  wfd: { leadInSeconds: 7, prepSeconds: 0, responseSeconds: 60 },
  silenceStopSeconds: 3,
  silentInputSeconds: 3,
};

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
  /** The key's last four characters, so the examiner can tell which key is set; never more. */
  apiKeyLastFour: z.string().max(4).nullable().default(null),
  examTiming: ExamTiming,
  /** Whether the shipped sample items are listed. */
  showSamples: z.boolean(),
  /** The microphone chosen for recording (a MediaDeviceInfo deviceId); '' is the system default. */
  microphoneId: z.string().max(500),
});
export const SettingsUpdate = Settings.omit({ apiKeySet: true, apiKeyLastFour: true }).partial();

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
/** Engine against examiner on one key point of one item, over the attempts both marked. */
export const KeyPointAgreementRow = z.object({
  task: TaskSchema,
  itemId: Id,
  itemTitle: z.string(),
  text: z.string(),
  n: z.number().int().nonnegative(),
  /** Both heard it, or neither did. */
  agreed: z.number().int().nonnegative(),
  /** `agreed` of `n`, 0–1. */
  agreedShare: z.number().min(0).max(1),
  /** The engine heard it and the examiner did not. */
  engineOnly: z.number().int().nonnegative(),
  /** The examiner heard it and the engine did not. */
  examinerOnly: z.number().int().nonnegative(),
});
/**
 * rs: engine and examiner on whether each word of the sentence was said, over the words the
 * examiner marked: all of them, those the engine marked unsure, and the rest (`sure`).
 */
export const WordAgreementRow = z.object({
  words: z.enum(['all', 'unsure', 'sure']),
  /** The attempts these words are from. */
  attempts: z.number().int().nonnegative(),
  /** Words marked. */
  n: z.number().int().nonnegative(),
  /** Both said it, or neither did. */
  agreed: z.number().int().nonnegative(),
  /** `agreed` of `n`, 0–1; null when `n` is 0. */
  agreedShare: z.number().min(0).max(1).nullable(),
  /** The engine said it and the examiner did not. */
  engineOnly: z.number().int().nonnegative(),
  /** The examiner said it and the engine had it missing. */
  examinerOnly: z.number().int().nonnegative(),
});
export const Agreement = z.object({
  rows: z.array(AgreementRow),
  /** rl, di: agreement per key point. */
  keyPoints: z.array(KeyPointAgreementRow).default([]),
  /** rs: agreement on the words said; empty when no words were marked. */
  words: z.array(WordAgreementRow).default([]),
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

export const MediaKind = z.enum(['audio', 'image']);
export const MediaFile = z.object({ mimeType: z.string(), base64: z.string() });

/** One file of an item bundle (a folder's file, by its path inside the folder). */
export const BundleFile = z.object({
  path: z.string().min(1).max(1000),
  base64: z.string(),
});
export const ImportReport = z.object({
  imported: z.array(z.object({ row: z.number().int(), title: z.string(), id: Id })),
  refused: z.array(
    z.object({ row: z.number().int(), title: z.string(), reasons: z.array(z.string()) }),
  ),
});

export const SITTING_STATUSES = ['in_progress', 'finished'] as const;
export const SittingStep = z.object({
  position: z.number().int().nonnegative(),
  item: Item,
  attempt: Attempt.nullable(),
  skipped: z.boolean(),
});
export const Sitting = z.object({
  id: Id,
  candidateId: Id,
  candidateName: z.string(),
  status: z.enum(SITTING_STATUSES),
  createdAt: IsoTime,
  finishedAt: IsoTime.nullable(),
  steps: z.array(SittingStep),
});
export const SittingTaskSummary = z.object({
  task: TaskSchema,
  answered: z.number().int(),
  scored: z.number().int(),
  /**
   * Mean of the scored answers' overall as a share of its maximum (0–1), so that dictation's
   * word counts and speaking's 0–5 marks can be put together; null when none is scored yet.
   */
  meanShare: z.number().nullable(),
});
export const SittingSummary = z.object({
  sitting: Sitting,
  tasks: z.array(SittingTaskSummary),
  /** Mean of the task shares (each task weighs the same), 0–1, over the scored answers only. */
  overallShare: z.number().nullable(),
  pending: z.number().int(),
  /** What the overall rests on: how many of the sitting's items were scored, and why not the rest. */
  counts: z.object({
    items: z.number().int(),
    scored: z.number().int(),
    /** Scoring failed or was cancelled: the answer needs recording again or marking. */
    failed: z.number().int(),
    /** Skipped, or never reached. */
    notAnswered: z.number().int(),
  }),
});
export const TestForm = z.object({
  id: Id,
  name: z.string(),
  itemIds: z.array(Id),
  createdAt: IsoTime,
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

// A candidate's progress: the candidate page's per-task trends (issue 24).
export const ProgressPoint = z.object({
  attemptId: Id,
  createdAt: IsoTime,
  /** The final overall: the examiner's when they marked the attempt, else the engine's. */
  overall: z.number(),
  max: z.number().nullable(),
});
export const TaskProgress = z.object({ task: TaskSchema, points: z.array(ProgressPoint) });
const PROGRESS_API = {
  'candidates.progress': method(ById, z.array(TaskProgress)),
};
export type ProgressPoint = z.infer<typeof ProgressPoint>;
export type TaskProgress = z.infer<typeof TaskProgress>;

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
      /** The time recorded, in ms: a kept file that lasts otherwise is refused (not whole). */
      recordedMs: z.number().nonnegative().max(3_600_000).optional(),
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
  'attempts.markKeyPoints': method(KeyPointMarksInput, Attempt),
  'attempts.markWords': method(WordMarksInput, Attempt),
  'queue.status': method(Empty, QueueStatus),
  'moderation.agreement': method(z.object({ task: TaskSchema.optional() }).default({}), Agreement),
  'export.agreementCsv': method(
    z.object({ task: TaskSchema.optional() }).default({}),
    ExportResult,
  ),
  'export.csv': method(HistoryFilter, ExportResult),
  'export.attemptPdf': method(ById, ExportResult),
  'export.candidatePdf': method(ById, ExportResult),
  'media.import': method(
    z.object({ fileName: z.string().min(1).max(300), base64: z.string().min(1), kind: MediaKind }),
    z.object({ path: z.string() }),
  ),
  'media.get': method(z.object({ path: z.string().min(1).max(1000) }), MediaFile),
  'items.import': method(z.object({ files: z.array(BundleFile).min(1).max(5000) }), ImportReport),
  'items.importZip': method(z.object({ base64: z.string().min(1) }), ImportReport),
  'items.export': method(z.object({ ids: z.array(Id).optional() }).default({}), ExportResult),
  'sittings.start': method(
    z.object({ candidateId: Id, itemIds: z.array(Id).min(1).max(100) }),
    Sitting,
  ),
  'sittings.get': method(ById, Sitting),
  'sittings.unfinished': method(Empty, z.array(Sitting)),
  'sittings.answerSpeaking': method(
    z.object({
      id: Id,
      position: z.number().int().nonnegative(),
      audioBase64: z.string().min(1),
      mimeType: z.string().min(1).max(100),
      /** The time recorded, in ms: a kept file that lasts otherwise is refused (not whole). */
      recordedMs: z.number().nonnegative().max(3_600_000).optional(),
    }),
    Sitting,
  ),
  'sittings.answerDictation': method(
    z.object({
      id: Id,
      position: z.number().int().nonnegative(),
      typedAnswer: z.string().max(2000),
    }),
    Sitting,
  ),
  'sittings.skip': method(z.object({ id: Id, position: z.number().int().nonnegative() }), Sitting),
  'sittings.finish': method(ById, Sitting),
  'sittings.summary': method(ById, SittingSummary),
  'sittings.pdf': method(ById, ExportResult),
  'forms.list': method(Empty, z.array(TestForm)),
  'forms.save': method(
    z.object({
      name: z.string().trim().min(1, 'Name the test form').max(200),
      itemIds: z.array(Id).min(1).max(100),
    }),
    TestForm,
  ),
  'forms.delete': method(ById, Ok),
  // A sitting's items with their scores, as CSV (from its summary).
  'sittings.csv': method(ById, ExportResult),
  // A failed answer of a sitting: its step opened to record it again, or closed as not answered.
  'sittings.recordAgain': method(
    z.object({ id: Id, position: z.number().int().nonnegative() }),
    Sitting,
  ),
  'sittings.markNoAnswer': method(
    z.object({ id: Id, position: z.number().int().nonnegative() }),
    Sitting,
  ),
  ...PROGRESS_API,
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
export type TaskTiming = z.infer<typeof TaskTiming>;
export type ExamTiming = z.infer<typeof ExamTiming>;
export type ImportReport = z.infer<typeof ImportReport>;
export type Sitting = z.infer<typeof Sitting>;
export type SittingStep = z.infer<typeof SittingStep>;
export type SittingSummary = z.infer<typeof SittingSummary>;
export type TestForm = z.infer<typeof TestForm>;
export type ExaminerMark = z.infer<typeof ExaminerMark>;
export type QueueStatus = z.infer<typeof QueueStatus>;
export type DeletionSummary = z.infer<typeof DeletionSummary>;
export type Agreement = z.infer<typeof Agreement>;
export type AgreementRow = z.infer<typeof AgreementRow>;
export type ScoreKey = keyof z.infer<typeof ComponentScores>;
export type KeyPointCounts = z.infer<typeof KeyPointCounts>;
export type WordSaidCounts = z.infer<typeof WordSaidCounts>;
export type StoredKeyPoint = z.infer<typeof StoredKeyPoint>;
export type StoredWord = z.infer<typeof StoredWord>;
export type KeyPointAgreementRow = z.infer<typeof KeyPointAgreementRow>;
export type WordAgreementRow = z.infer<typeof WordAgreementRow>;
