/**
 * Answers that come from a load balancer rather than the scoring service (an HTML error page,
 * no envelope): the app says what they mean and retries the ones that pass.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScoringClient } from '../../src/main/scoring-client/client.js';
import type { ScoringFailure } from '../../src/main/scoring-client/failure.js';

const PAGE = (status: number) =>
  `<html><head><title>${status}</title></head><body><center><h1>${status}</h1></center><hr><center>nginx</center></body></html>`;

describe('scoring client behind a load balancer', () => {
  let server: Server;
  let baseUrl = '';
  const client = new ScoringClient({ maxRetries: 0 });

  beforeAll(async () => {
    server = createServer((request, response) => {
      const status = Number(request.url!.split('/')[1]);
      request.resume();
      request.on('end', () => {
        response.writeHead(status, { 'content-type': 'text/html' });
        response.end(PAGE(status));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await client.close();
    await new Promise((resolve) => server.close(resolve));
  });

  async function failureFor(status: number): Promise<ScoringFailure> {
    const endpoint = { baseUrl: `${baseUrl}/${status}`, apiKey: 'key' };
    return client.score(endpoint, 'rs', { audioUrl: 'data:,', refText: 'a' }).then(
      () => {
        throw new Error('scored');
      },
      (error: ScoringFailure) => error,
    );
  }

  it.each([
    [
      502,
      'server_error',
      true,
      'The scoring service had a problem (HTTP 502); the attempt will be sent again.',
    ],
    [
      503,
      'server_error',
      true,
      'The scoring service had a problem (HTTP 503); the attempt will be sent again.',
    ],
    [
      504,
      'server_error',
      true,
      'The scoring service had a problem (HTTP 504); the attempt will be sent again.',
    ],
    [
      408,
      'timeout',
      true,
      'The recording did not reach the scoring service in time; the attempt will be sent again.',
    ],
    [
      413,
      'rejected',
      false,
      'The recording is larger than the scoring service (or its load balancer) accepts.',
    ],
    [
      404,
      'rejected',
      false,
      "The scoring service's address answered HTTP 404: check the address in Settings.",
    ],
  ])('HTTP %i page: %s, retryable %s', async (status, kind, retryable, message) => {
    const failure = await failureFor(status);
    expect({ kind: failure.kind, retryable: failure.retryable, message: failure.message }).toEqual({
      kind,
      retryable,
      message,
    });
    expect(failure.detail).toBe(`HTTP ${status}: ${PAGE(status).slice(0, 200)}`);
  });
});
