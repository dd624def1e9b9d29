/** Exponential backoff with full jitter: a random delay in [delay/2, delay]. */
export function backoffDelay(
  attempt: number,
  baseMs: number,
  capMs: number,
  random = Math.random,
): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(
  value: string | string[] | undefined,
  now = Date.now(),
): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === '') return null;
  if (/^\d+(\.\d+)?$/u.test(text.trim())) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
