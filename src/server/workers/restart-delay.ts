const RESTART_BASE_MS = 500;
const RESTART_CAP_MS = 30_000;

/**
 * How long to wait before starting a worker process again: at once after one that had started
 * (a job's worker stopped on purpose), doubling while they fail to start, up to 30 s.
 */
export function restartDelayMs(startFailures: number): number {
  return startFailures === 0
    ? 0
    : Math.min(RESTART_CAP_MS, RESTART_BASE_MS * 2 ** (startFailures - 1));
}
