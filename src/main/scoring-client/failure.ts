import { RECORDING_FAULT_MESSAGES } from '../../shared/recording-faults.js';

/** Why a scoring request did not produce a result, in the examiner's words and the log's. */
export type FailureKind =
  | 'unreachable'
  | 'timeout'
  | 'rate_limited'
  | 'server_error'
  | 'key_refused'
  | 'rejected'
  | 'bad_response'
  | 'cancelled';

const RETRYABLE: ReadonlySet<FailureKind> = new Set([
  'unreachable',
  'timeout',
  'rate_limited',
  'server_error',
]);

export class ScoringFailure extends Error {
  readonly retryable: boolean;

  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly detail: string,
    readonly extra: { status?: number; retryAfterMs?: number; responseText?: string } = {},
  ) {
    super(message);
    this.name = 'ScoringFailure';
    this.retryable = RETRYABLE.has(kind);
  }
}

/** Examiner wording for the error codes of the failure envelope (docs/api.md). */
const CODE_MESSAGES: Record<string, string> = {
  ...RECORDING_FAULT_MESSAGES,
  MISSING_API_KEY: 'The scoring service needs an API key. Add one in Settings.',
  INVALID_API_KEY: 'The API key was refused. Check it in Settings.',
  AUDIO_FETCH_FAILED: 'The scoring service could not fetch the recording.',
  NOT_AVAILABLE: 'The scoring service does not offer this task.',
  RATE_LIMITED: 'The scoring service is busy; the attempt will be sent again shortly.',
  OVERLOADED: 'The scoring service is busy; the attempt will be sent again shortly.',
};

export function messageForCode(code: string | undefined, fallback: string): string {
  return (code && CODE_MESSAGES[code]) || fallback;
}

export function failureKindForStatus(status: number, code: string | undefined): FailureKind {
  if (
    status === 401 ||
    status === 403 ||
    code === 'INVALID_API_KEY' ||
    code === 'MISSING_API_KEY'
  ) {
    return 'key_refused';
  }
  if (status === 429) return 'rate_limited';
  // A load balancer gave up waiting for the request body (nginx's client_body_timeout).
  if (status === 408) return 'timeout';
  if (status === 501) return 'rejected';
  if (status >= 500) return 'server_error';
  return 'rejected';
}
