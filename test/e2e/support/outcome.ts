import { expect, type ExaminerApp } from '../fixtures';

const WAITING = new Set(['recorded', 'queued', 'scoring', 'failed_retryable']);

/**
 * Waits until scoring has ended for the attempt, then requires it to be scored: a failure
 * fails the test at once, with the app's message for it.
 */
export async function expectScored(app: ExaminerApp, id: number, timeout = 120_000) {
  await expect
    .poll(async () => WAITING.has((await app.call('attempts.get', { id })).status), { timeout })
    .toBe(false);
  const attempt = await app.call('attempts.get', { id });
  expect(attempt.status, attempt.errorMessage ?? '').toBe('scored');
}
