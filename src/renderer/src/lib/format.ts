import type { Attempt, AttemptStatus } from '../../../shared/app-api';
import { TASK_TITLES, type Task } from '../../../shared/contract/endpoints';
export { formatScore, formatScoreOf } from '../../../shared/format-score';

export const STATUS_LABELS: Record<AttemptStatus, string> = {
  recorded: 'Recorded',
  queued: 'Queued',
  scoring: 'Scoring',
  scored: 'Scored',
  failed_retryable: 'Queued – waiting for the server',
  failed_permanent: 'Failed',
  cancelled: 'Cancelled',
};

export function taskTitle(task: Task): string {
  return TASK_TITLES[task];
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** A score with its maximum: "3.6 / 5"; the maximum left out while unknown. */
/** The mark that counts: the examiner's when they marked the attempt, else the engine's. */
export function finalOverall(attempt: Attempt): {
  score: number | null;
  by: 'examiner' | 'engine';
} {
  return attempt.mark
    ? { score: attempt.mark.scores.overall, by: 'examiner' }
    : { score: attempt.scores.overall, by: 'engine' };
}

export function formatDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
