import type { AttemptStatus } from '../../../shared/app-api.js';

/** An attempt's state as a report says it; never the store's internal names. */
export const STATUS_WORDS: Record<AttemptStatus, string> = {
  recorded: 'recorded',
  queued: 'waiting to be scored',
  scoring: 'being scored',
  scored: 'scored',
  failed_retryable: 'waiting to be sent again',
  failed_permanent: 'failed',
  cancelled: 'cancelled',
};
