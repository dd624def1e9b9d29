import type { ScoringClient } from '../scoring-client/client.js';
import { ScoringFailure } from '../scoring-client/failure.js';
import type { EndpointResolver } from './endpoint-resolver.js';

export interface ConnectionReport {
  ok: boolean;
  message: string;
}

/** Sends one real, tiny scoring request (dictation "test"/"test") and says what happened. */
export async function testConnection(
  client: ScoringClient,
  resolver: EndpointResolver,
): Promise<ConnectionReport> {
  const endpoint = resolver.current();
  if (!endpoint) {
    const status = resolver.engineStatus();
    const why =
      status.state === 'remote'
        ? 'No scoring service address is set.'
        : 'The built-in scoring engine is not ready yet.';
    return { ok: false, message: why };
  }
  try {
    const reply = await client.score(endpoint, 'wfd', { question: 'test', responseUser: 'test' });
    const seconds = (reply.elapsedMs / 1000).toFixed(2);
    return {
      ok: true,
      message: `Connected: the scoring service answered in ${seconds} s (version ${reply.envelope.version}).`,
    };
  } catch (error) {
    if (error instanceof ScoringFailure) return { ok: false, message: onThisPage(error) };
    throw error;
  }
}

/** Said on the Settings page itself: where to fix the key, not "in Settings". */
function onThisPage(failure: ScoringFailure): string {
  if (failure.kind !== 'key_refused') return failure.message;
  const first = failure.message.replace(/ (Check it|Add one) in Settings\.$/u, '');
  return `${first} Set the right key under "API key" on this page.`;
}
