/**
 * Error codes of the failure envelope and the HTTP status each is answered with.
 * The spec leaves both open ("not shown"); docs/api.md records this decision.
 */
export const ERROR_STATUS = {
  MISSING_API_KEY: 401,
  INVALID_API_KEY: 401,
  INVALID_JSON: 400,
  INVALID_PARAMETER: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  AUDIO_FETCH_FAILED: 422,
  AUDIO_UNREADABLE: 422,
  AUDIO_TOO_LONG: 422,
  NO_SPEECH: 422,
  SCORING_TIMEOUT: 422,
  NOT_AVAILABLE: 501,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  RATE_LIMITED: 429,
  OVERLOADED: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** An error the service answers with a failure envelope rather than a crash. */
export class ScoringError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = 'ScoringError';
  }

  get httpStatus(): number {
    return ERROR_STATUS[this.code];
  }
}
