import type { Logger } from 'pino';
import {
  SCORE_KEYS,
  type Attempt,
  type AttemptDetail,
  type AttemptStatus,
  type HistoryFilter,
  type Item,
} from '../../shared/app-api.js';
import { RECORDING_NOT_WHOLE, recordedLengthProblem } from '../../shared/recorded-length.js';
import { UserFacingError } from '../errors/user-facing-error.js';
import { toAttempt, toAttemptDetail, type AttemptRow } from '../store/attempt-rows.js';
import type { AttemptsRepo } from '../store/attempts-repo.js';
import type { CandidatesRepo } from '../store/candidates-repo.js';
import type { ItemsRepo } from '../store/items-repo.js';
import { noScores, type ScoreColumns } from '../store/attempt-scores.js';
import {
  readRecording,
  removeRecording,
  replaceRecording,
  saveRecording,
} from '../recordings/recordings.js';
import { seekableRecording } from '../recordings/seekable-recording.js';
import type { ScoringQueue } from '../queue/scoring-queue.js';
import { keyPointMarking } from './key-point-marking.js';
import { wordMarking } from './word-marking.js';

export interface AttemptEvents {
  changed: (attempt: Attempt) => void;
  deleted: (id: number) => void;
}

const RETRYABLE_FROM: readonly AttemptStatus[] = [
  'failed_retryable',
  'failed_permanent',
  'cancelled',
];
const CANCELLABLE_FROM: readonly AttemptStatus[] = [
  'recorded',
  'queued',
  'scoring',
  'failed_retryable',
];

/** What the examiner does with attempts; every attempt is stored before any network call. */
export class AttemptService {
  constructor(
    private readonly repos: {
      attempts: AttemptsRepo;
      candidates: CandidatesRepo;
      items: ItemsRepo;
    },
    private readonly queue: ScoringQueue,
    private readonly recordingsDir: () => string,
    private readonly events: AttemptEvents,
  ) {}

  async submitSpeaking(input: {
    candidateId: number;
    itemId: number;
    audioBase64: string;
    mimeType: string;
    /** The time the app recorded; the file kept must last as long. */
    recordedMs?: number | undefined;
  }): Promise<Attempt> {
    const item = this.itemFor(input.candidateId, input.itemId);
    if (item.task === 'wfd') {
      throw new UserFacingError('Write From Dictation items take a typed answer, not a recording.');
    }
    const received = Buffer.from(input.audioBase64, 'base64');
    if (received.length === 0)
      throw new UserFacingError('The recording is empty. Record the answer again.');
    const { bytes, durationMs } = await seekableRecording(received, input.mimeType);
    const problem =
      input.recordedMs === undefined ? null : recordedLengthProblem(input.recordedMs, durationMs);
    if (problem)
      throw new UserFacingError(`${problem} Record the answer again.`, RECORDING_NOT_WHOLE);
    const saved = await this.save(bytes, input.mimeType);
    const id = this.repos.attempts.insert({
      candidateId: input.candidateId,
      itemId: item.id,
      task: item.task,
      audio: { path: saved.path, mime: input.mimeType, sha256: saved.sha256, durationMs },
      typedAnswer: null,
    });
    return this.enqueue(id);
  }

  submitDictation(input: { candidateId: number; itemId: number; typedAnswer: string }): Attempt {
    const item = this.itemFor(input.candidateId, input.itemId);
    if (item.task !== 'wfd')
      throw new UserFacingError('Speaking items take a recording, not a typed answer.');
    const id = this.repos.attempts.insert({
      candidateId: input.candidateId,
      itemId: item.id,
      task: 'wfd',
      audio: null,
      typedAnswer: input.typedAnswer,
    });
    return this.enqueue(id);
  }

  list(
    filter: HistoryFilter,
    limit: number,
    beforeId?: number,
  ): { rows: Attempt[]; total: number } {
    const page = this.repos.attempts.page(filter, limit, beforeId);
    return { rows: page.rows.map(toAttempt), total: page.total };
  }

  get(id: number): AttemptDetail {
    const storedKeyPoints = this.repos.attempts.keyPointsOf(id).map((point) => ({
      text: point.text,
      engineHeard: point.engine_heard === 1,
      examinerHeard: point.examiner_heard === null ? null : point.examiner_heard === 1,
    }));
    const storedWords = this.repos.attempts.referenceWordsOf(id).map((word) => ({
      text: word.text,
      engineSaid: word.engine_said === 1,
      examinerSaid: word.examiner_said === null ? null : word.examiner_said === 1,
    }));
    return toAttemptDetail(this.row(id), storedKeyPoints, storedWords);
  }

  async audio(id: number): Promise<{ mimeType: string; base64: string }> {
    const row = this.row(id);
    if (!row.audio_path)
      throw new UserFacingError('This attempt has a typed answer, not a recording.');
    try {
      const bytes = await readRecording(row.audio_path);
      return {
        mimeType: row.audio_mime ?? 'application/octet-stream',
        base64: bytes.toString('base64'),
      };
    } catch (error) {
      throw new UserFacingError(
        'The recording file is missing.',
        `${row.audio_path}: ${String(error)}`,
      );
    }
  }

  retry(id: number): Attempt {
    const row = this.row(id);
    if (!this.repos.attempts.transition(id, RETRYABLE_FROM, 'queued')) {
      throw new UserFacingError(
        `This attempt is ${describe(row.status)}; only failed or cancelled attempts can be retried.`,
      );
    }
    this.queue.resume();
    return this.changed(id);
  }

  async cancel(id: number): Promise<Attempt> {
    const row = this.row(id);
    if (!this.repos.attempts.transition(id, CANCELLABLE_FROM, 'cancelled')) {
      throw new UserFacingError(
        `This attempt is ${describe(row.status)} and can no longer be cancelled.`,
      );
    }
    await this.queue.abort(id);
    return this.changed(id);
  }

  async delete(id: number): Promise<void> {
    this.row(id);
    await this.queue.abort(id);
    const removed = this.repos.attempts.delete(id);
    await removeRecording(removed?.audio_path ?? null);
    this.events.deleted(id);
  }

  /**
   * The examiner's own marks (or a confirmation of the engine's), kept beside the engine's
   * result, which is never changed. Each mark must lie within its component's scale.
   */
  mark(input: {
    id: number;
    confirmed: boolean;
    scores: Partial<ScoreColumns>;
    comment: string;
  }): Attempt {
    const row = this.row(input.id);
    if (row.status !== 'scored') {
      throw new UserFacingError('Only a scored attempt can be marked: score it first.');
    }
    const attempt = toAttempt(row);
    const scores = input.confirmed ? attempt.scores : examinerScores(attempt, input.scores);
    this.repos.attempts.saveMark(input.id, {
      confirmed: input.confirmed,
      scores,
      comment: input.comment.trim(),
    });
    return this.changed(input.id);
  }

  /**
   * The examiner marks each key point of an rl or di result heard or not heard: both their
   * marks and the engine's are kept, and their content (and overall) follow from the marks.
   */
  markKeyPoints(input: { id: number; heard: readonly boolean[] }): Attempt {
    const { engine, mark } = keyPointMarking(this.row(input.id), input.heard);
    this.repos.attempts.saveKeyPointMarks(input.id, engine, input.heard, mark);
    return this.changed(input.id);
  }

  /**
   * The examiner marks each word of an rs sentence said or not said: both their marks and the
   * engine's are kept, and their content and overall follow from the marks.
   */
  markWords(input: { id: number; said: readonly boolean[] }): Attempt {
    const { engine, mark } = wordMarking(this.row(input.id), input.said);
    this.repos.attempts.saveWordMarks(input.id, engine, input.said, mark);
    return this.changed(input.id);
  }

  clearMark(id: number): Attempt {
    this.row(id);
    this.repos.attempts.clearMark(id);
    return this.changed(id);
  }

  /**
   * Recordings stored before their length was written into them get it now (the same audio
   * packets in a finished WebM file), so that every player can show their length and seek.
   */
  async repairRecordingDurations(logger: Logger): Promise<number> {
    let repaired = 0;
    for (const row of this.repos.attempts.recordingsWithoutDuration()) {
      try {
        const original = await readRecording(row.audio_path);
        const fixed = await seekableRecording(original, row.audio_mime);
        if (fixed.durationMs === null) continue;
        const sha256 =
          fixed.bytes === original
            ? (this.repos.attempts.get(row.id)?.audio_sha256 ?? '')
            : await replaceRecording(row.audio_path, fixed.bytes);
        this.repos.attempts.setRecordingDuration(row.id, sha256, fixed.durationMs);
        repaired += 1;
      } catch (error) {
        logger.warn({ attempt: row.id, err: error }, 'could not give a recording its duration');
      }
    }
    if (repaired) logger.info({ repaired }, 'recordings given their duration');
    return repaired;
  }

  /** Called by the queue whenever an attempt's state moved. */
  notifyChanged(id: number): void {
    const row = this.repos.attempts.get(id);
    if (row) this.events.changed(toAttempt(row));
  }

  private async save(bytes: Uint8Array, mimeType: string) {
    const dir = this.recordingsDir();
    try {
      return await saveRecording(dir, bytes, mimeType);
    } catch (error) {
      if (error instanceof UserFacingError) throw error;
      throw new UserFacingError(
        `The recording could not be saved in ${dir}. Check the recordings folder in Settings, then submit again.`,
        String(error),
      );
    }
  }

  private enqueue(id: number): Attempt {
    this.repos.attempts.transition(id, ['recorded'], 'queued');
    this.changed(id);
    this.queue.kick();
    return toAttempt(this.row(id));
  }

  private changed(id: number): Attempt {
    const attempt = toAttempt(this.row(id));
    this.events.changed(attempt);
    return attempt;
  }

  private row(id: number): AttemptRow {
    const row = this.repos.attempts.get(id);
    if (!row) throw new UserFacingError('That attempt no longer exists.');
    return row;
  }

  private itemFor(candidateId: number, itemId: number): Item {
    if (!this.repos.candidates.get(candidateId))
      throw new UserFacingError('That candidate no longer exists.');
    const item = this.repos.items.get(itemId);
    if (!item) throw new UserFacingError('That item no longer exists.');
    return item;
  }
}

/** The examiner's marks for the components the engine scored, each within its scale. */
function examinerScores(attempt: Attempt, given: Partial<ScoreColumns>): ScoreColumns {
  const scores = noScores();
  for (const key of SCORE_KEYS) {
    if (attempt.scores[key] === null) continue;
    const value = given[key] ?? null;
    if (value === null) {
      throw new UserFacingError(`Enter a mark for ${key}, or confirm the engine's scores.`);
    }
    const max = attempt.maxScores[key];
    if (value < 0 || (max !== null && value > max)) {
      throw new UserFacingError(`The ${key} mark must lie between 0 and ${max ?? 'its maximum'}.`);
    }
    scores[key] = value;
  }
  return scores;
}

const STATUS_WORDS: Record<AttemptStatus, string> = {
  recorded: 'just recorded',
  queued: 'waiting to be scored',
  scoring: 'being scored',
  scored: 'already scored',
  failed_retryable: 'waiting to be sent again',
  failed_permanent: 'failed',
  cancelled: 'cancelled',
};

function describe(status: AttemptStatus): string {
  return STATUS_WORDS[status];
}
