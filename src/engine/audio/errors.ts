import { ScoringError } from '../../shared/contract/errors.js';

/** Every audio failure is about the request's `audioUrl`, so the field is fixed here. */
export const AUDIO_FIELD = 'audioUrl';

export function unreadable(message: string): ScoringError {
  return new ScoringError('AUDIO_UNREADABLE', message, AUDIO_FIELD);
}

export function tooLong(durationSeconds: number, maxSeconds: number): ScoringError {
  return new ScoringError(
    'AUDIO_TOO_LONG',
    `The audio lasts ${durationSeconds.toFixed(1)} s; at most ${maxSeconds} s is accepted.`,
    AUDIO_FIELD,
  );
}

export function fetchFailed(message: string): ScoringError {
  return new ScoringError('AUDIO_FETCH_FAILED', message, AUDIO_FIELD);
}

export function invalidUrl(message: string): ScoringError {
  return new ScoringError('INVALID_PARAMETER', message, AUDIO_FIELD);
}

export function tooLarge(maxBytes: number): ScoringError {
  return new ScoringError(
    'PAYLOAD_TOO_LARGE',
    `The audio is larger than ${maxBytes} bytes.`,
    AUDIO_FIELD,
  );
}

export function assertDuration(durationSeconds: number, maxSeconds: number | undefined): void {
  if (maxSeconds !== undefined && durationSeconds > maxSeconds) {
    throw tooLong(durationSeconds, maxSeconds);
  }
}
