import { ApiFailure } from '../../../shared/app-api';

/** A failed call, carrying the message meant for the examiner and the detail for the log. */
export class BridgeError extends Error {
  constructor(
    message: string,
    readonly detail: string | null = null,
  ) {
    super(message);
    this.name = 'BridgeError';
  }
}

export function toBridgeError(reason: unknown): BridgeError {
  if (reason instanceof BridgeError) return reason;
  const failure = ApiFailure.safeParse(reason);
  if (failure.success) return new BridgeError(failure.data.message, failure.data.detail);
  const message = reason instanceof Error ? reason.message : String(reason);
  return new BridgeError('Examiner could not be reached.', message);
}
