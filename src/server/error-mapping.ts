import { ScoringError, type ErrorCode } from '../shared/contract/errors.js';
import { MAX_BODY_BYTES } from './limits.js';

interface FrameworkError {
  code?: string;
  statusCode?: number;
  message: string;
}

const MEGABYTES = Math.round(MAX_BODY_BYTES / (1024 * 1024));

const BODY_TOO_LARGE = `request body exceeds ${MEGABYTES} MB`;

export function bodyTooLarge(): ScoringError {
  return new ScoringError('PAYLOAD_TOO_LARGE', BODY_TOO_LARGE);
}

const FRAMEWORK_ERRORS: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', BODY_TOO_LARGE],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    'UNSUPPORTED_MEDIA_TYPE',
    'Content-Type must be application/json',
  ],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['INVALID_JSON', 'request body is empty; send a JSON object'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['INVALID_JSON', 'request body is not valid JSON'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [
    'INVALID_JSON',
    'request body length does not match Content-Length',
  ],
};

/** Every failure as the contract's error: framework errors by code, the rest as INTERNAL. */
export function toScoringError(error: unknown): ScoringError {
  if (error instanceof ScoringError) return error;
  const framework = error as FrameworkError;
  const known = framework.code ? FRAMEWORK_ERRORS[framework.code] : undefined;
  if (known) return new ScoringError(known[0], known[1]);
  if (framework.statusCode === 400 && error instanceof SyntaxError) {
    return new ScoringError('INVALID_JSON', 'request body is not valid JSON');
  }
  if (framework.statusCode === 400) {
    return new ScoringError('INVALID_JSON', 'request body could not be read as JSON');
  }
  return new ScoringError('INTERNAL', 'internal error; the failure has been logged');
}
