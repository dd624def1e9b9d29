import type { Attempt, AttemptStatus } from '../../../shared/app-api';
import { isRecordingFault } from '../../../shared/recording-faults';

// The same rules as the main process's AttemptService, so that only possible actions show.
const RETRYABLE: readonly AttemptStatus[] = ['failed_retryable', 'failed_permanent', 'cancelled'];
const CANCELLABLE: readonly AttemptStatus[] = ['recorded', 'queued', 'scoring', 'failed_retryable'];

export function canRetry(status: AttemptStatus): boolean {
  return RETRYABLE.includes(status);
}

export function canCancel(status: AttemptStatus): boolean {
  return CANCELLABLE.includes(status);
}

/** Whether sending the attempt again can help: not when the fault is in the recording itself. */
export function retryCanHelp(attempt: Pick<Attempt, 'status' | 'errorMessage'>): boolean {
  return canRetry(attempt.status) && !isRecordingFault(attempt.errorMessage);
}
