import { DatabaseStartError } from '../store/database.js';

/**
 * What the person starting Examiner is told when it cannot start, in both hosts: the sentences
 * of the failure, never a stack. A foreseen failure (a damaged store, one from a newer version)
 * says itself what to do.
 */
export function startFailureText(error: unknown): string {
  if (error instanceof DatabaseStartError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return `${message.split('\n')[0]} (if it happens again, report it with this message).`;
}

/** Whether the failure is a fault of the app itself, whose stack helps whoever fixes it. */
export function isUnforeseen(error: unknown): boolean {
  return !(error instanceof DatabaseStartError);
}
