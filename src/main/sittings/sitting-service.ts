import type { Attempt, Item, Sitting, SittingStep, SittingSummary } from '../../shared/app-api.js';
import { UserFacingError } from '../errors/user-facing-error.js';
import { sittingCsv } from '../export/csv.js';
import type { AttemptService } from '../attempts/attempt-service.js';
import { toAttempt } from '../store/attempt-rows.js';
import type { AttemptsRepo } from '../store/attempts-repo.js';
import type { CandidatesRepo } from '../store/candidates-repo.js';
import type { ItemsRepo } from '../store/items-repo.js';
import type { SittingsRepo } from '../store/sittings-repo.js';
import { EXAM_ORDER, inExamOrder } from '../../shared/exam-order.js';

/** Statuses whose score will not come unless the examiner acts. */
const FAILED = new Set<Attempt['status']>(['failed_permanent', 'cancelled']);
/** Statuses whose score may still come. */
const PENDING = new Set<Attempt['status']>(['recorded', 'queued', 'scoring', 'failed_retryable']);

/**
 * A mock test: items run back to back for one candidate. Each answer becomes an attempt
 * (stored, then queued for scoring) the moment it ends, and is linked to its step, so a
 * sitting interrupted by a crash resumes at its first open step with every answer kept.
 */
export class SittingService {
  /** Steps being answered now: a second submission of the same step is refused. */
  private readonly answering = new Set<string>();

  constructor(
    private readonly repos: {
      sittings: SittingsRepo;
      items: ItemsRepo;
      attempts: AttemptsRepo;
      candidates: CandidatesRepo;
    },
    private readonly attempts: AttemptService,
  ) {}

  start(candidateId: number, itemIds: number[]): Sitting {
    if (!this.repos.candidates.get(candidateId)) {
      throw new UserFacingError('That candidate no longer exists.');
    }
    const items = itemIds.map((id) => {
      const item = this.repos.items.get(id);
      if (!item) throw new UserFacingError('One of the chosen items no longer exists.');
      return item;
    });
    const ordered = inExamOrder(items).map((item) => item.id);
    return this.get(this.repos.sittings.create(candidateId, ordered));
  }

  get(id: number): Sitting {
    const row = this.repos.sittings.get(id);
    if (!row) throw new UserFacingError('That sitting no longer exists.');
    const steps: SittingStep[] = this.repos.sittings.steps(id).map((step) => {
      const attempt = step.attempt_id ? this.repos.attempts.get(step.attempt_id) : null;
      return {
        position: step.position,
        item: this.repos.items.get(step.item_id) as Item,
        attempt: attempt ? toAttempt(attempt) : null,
        skipped: step.skipped === 1,
      };
    });
    return {
      id: row.id,
      candidateId: row.candidate_id,
      candidateName: row.candidate_name,
      status: row.status,
      createdAt: row.created_at,
      finishedAt: row.finished_at,
      steps,
    };
  }

  unfinished(): Sitting[] {
    return this.repos.sittings.unfinishedIds().map((id) => this.get(id));
  }

  async answerSpeaking(input: {
    id: number;
    position: number;
    audioBase64: string;
    mimeType: string;
    recordedMs?: number | undefined;
  }): Promise<Sitting> {
    return this.answer(input.id, input.position, async (candidateId, itemId) =>
      this.attempts.submitSpeaking({
        candidateId,
        itemId,
        audioBase64: input.audioBase64,
        mimeType: input.mimeType,
        recordedMs: input.recordedMs,
      }),
    );
  }

  async answerDictation(input: {
    id: number;
    position: number;
    typedAnswer: string;
  }): Promise<Sitting> {
    return this.answer(input.id, input.position, async (candidateId, itemId) =>
      this.attempts.submitDictation({ candidateId, itemId, typedAnswer: input.typedAnswer }),
    );
  }

  /** A step left unanswered (the candidate said nothing, say): the sitting moves on. */
  skip(id: number, position: number): Sitting {
    this.openStep(id, position);
    this.repos.sittings.skip(id, position);
    return this.finishIfDone(id);
  }

  /** A failed answer is recorded again: its step opens, and the sitting runs it. */
  recordAgain(id: number, position: number): Sitting {
    this.failedStep(id, position);
    this.repos.sittings.release(id, position, false);
    return this.get(id);
  }

  /** A failed answer counts as not answered (the candidate has gone): the sitting closes. */
  markNoAnswer(id: number, position: number): Sitting {
    this.failedStep(id, position);
    this.repos.sittings.release(id, position, true);
    return this.finishIfDone(id);
  }

  finish(id: number): Sitting {
    this.get(id);
    this.repos.sittings.finish(id);
    return this.get(id);
  }

  summary(id: number): SittingSummary {
    const sitting = this.get(id);
    const answered = sitting.steps.flatMap((step) => (step.attempt ? [step.attempt] : []));
    const tasks = EXAM_ORDER.filter((task) =>
      sitting.steps.some((step) => step.item.task === task),
    ).map((task) => {
      const ofTask = answered.filter((attempt) => attempt.task === task);
      const scored = ofTask.flatMap((attempt) => {
        const { overall } = attempt.scores;
        const max = attempt.maxScores.overall;
        return attempt.status === 'scored' && overall !== null && max ? [overall / max] : [];
      });
      return { task, answered: ofTask.length, scored: scored.length, meanShare: mean(scored) };
    });
    const taskMeans = tasks.flatMap((task) => (task.meanShare === null ? [] : [task.meanShare]));
    return {
      sitting,
      tasks,
      // Each task weighs the same, however many items it had; only scored answers count.
      overallShare: mean(taskMeans),
      pending: answered.filter((attempt) => PENDING.has(attempt.status)).length,
      counts: {
        items: sitting.steps.length,
        scored: answered.filter((attempt) => attempt.status === 'scored').length,
        failed: answered.filter((attempt) => FAILED.has(attempt.status)).length,
        notAnswered: sitting.steps.filter((step) => !step.attempt).length,
      },
    };
  }

  /** The sitting's items as CSV, in the order sat, with every answer's scores. */
  csv(id: number): string {
    const sitting = this.get(id);
    return sittingCsv(
      sitting.steps.map((step) => ({
        position: step.position,
        itemTitle: step.item.title,
        task: step.item.task,
        unanswered: step.attempt ? null : step.skipped ? 'not answered' : 'not reached',
        row: step.attempt ? this.repos.attempts.get(step.attempt.id) : null,
      })),
    );
  }

  private async answer(
    id: number,
    position: number,
    submit: (candidateId: number, itemId: number) => Promise<Attempt> | Attempt,
  ): Promise<Sitting> {
    const { sitting, step } = this.openStep(id, position);
    const key = `${id}:${position}`;
    if (this.answering.has(key)) throw new UserFacingError('This answer is already being saved.');
    this.answering.add(key);
    try {
      const attempt = await submit(sitting.candidateId, step.item.id);
      this.repos.sittings.answer(id, position, attempt.id);
    } finally {
      this.answering.delete(key);
    }
    return this.finishIfDone(id);
  }

  private failedStep(id: number, position: number): SittingStep {
    const step = this.get(id).steps.find((candidate) => candidate.position === position);
    if (!step) throw new UserFacingError('This sitting has no such item.');
    if (!step.attempt || !FAILED.has(step.attempt.status)) {
      throw new UserFacingError('Only a failed or cancelled answer can be recorded again.');
    }
    return step;
  }

  private openStep(id: number, position: number): { sitting: Sitting; step: SittingStep } {
    const sitting = this.get(id);
    if (sitting.status === 'finished') throw new UserFacingError('This sitting is already over.');
    const step = sitting.steps.find((candidate) => candidate.position === position);
    if (!step) throw new UserFacingError('This sitting has no such item.');
    if (step.attempt || step.skipped) {
      throw new UserFacingError('This item of the sitting is already answered.');
    }
    return { sitting, step };
  }

  private finishIfDone(id: number): Sitting {
    const sitting = this.get(id);
    if (sitting.steps.every((step) => step.attempt || step.skipped)) this.repos.sittings.finish(id);
    return this.get(id);
  }
}

function mean(values: number[]): number | null {
  return values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null;
}
