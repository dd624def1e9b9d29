import { request } from 'undici';
import { sleep } from '../scoring-client/backoff.js';

/** Polls GET /health until it answers 200, for as long as `stillWanted` holds. */
export async function waitForHealth(
  baseUrl: string,
  timeoutMs: number,
  stillWanted: () => boolean = () => true,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (!stillWanted()) throw new Error('the server went away while starting');
    try {
      const response = await request(`${baseUrl}/health`, { signal: AbortSignal.timeout(2_000) });
      await response.body.dump();
      if (response.statusCode === 200) return;
      last = `HTTP ${response.statusCode}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(100);
  }
  throw new Error(`health check failed: ${last}`);
}
