import type { AttemptStatus } from '../../../shared/app-api';

// The same rules as the main process's AttemptService, so that only possible actions show.
const RETRYABLE: readonly AttemptStatus[] = ['failed_retryable', 'failed_permanent', 'cancelled'];
const CANCELLABLE: readonly AttemptStatus[] = ['recorded', 'queued', 'scoring', 'failed_retryable'];

export function canRetry(status: AttemptStatus): boolean {
  return RETRYABLE.includes(status);
}

export function canCancel(status: AttemptStatus): boolean {
  return CANCELLABLE.includes(status);
}
