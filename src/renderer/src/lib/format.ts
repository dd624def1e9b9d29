import type { AttemptStatus } from '../../../shared/app-api';
import { TASK_TITLES, type Task } from '../../../shared/contract/endpoints';

export const STATUS_LABELS: Record<AttemptStatus, string> = {
  recorded: 'Recorded',
  queued: 'Queued',
  scoring: 'Scoring',
  scored: 'Scored',
  failed_retryable: 'Failed, will retry',
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

export function formatScore(score: number | null): string {
  return score === null ? '—' : String(Math.round(score * 100) / 100);
}

export function formatDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
