import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScoringClient } from '../../src/main/scoring-client/client.js';
import { ScoringFailure } from '../../src/main/scoring-client/failure.js';
import { envelope, failure, FakeScoringServer, ok } from './main-fake-server.js';

const body = {
  audioUrl: 'data:audio/wav;base64,AA==',
  refText: 'the cat',
  scale: 5,
  precision: 0.1,
};

async function scoreFailure(client: ScoringClient, baseUrl: string): Promise<ScoringFailure> {
  const error = await client.score({ baseUrl, apiKey: 'k' }, 'rs', body).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ScoringFailure);
  return error as ScoringFailure;
}

describe('scoring client against a loopback server', () => {
  let server: FakeScoringServer;
  let client: ScoringClient;

  beforeEach(async () => {
    server = new FakeScoringServer();
    await server.listen();
    client = new ScoringClient({ retryBaseMs: 20, retryCapMs: 100, totalTimeoutMs: 2_000 });
  });

  afterEach(async () => {
    await client.close();
    await server.kill();
  });

  it('sends the key bare in Authorization and parses the envelope', async () => {
    const reply = await client.score(
      { baseUrl: `${server.url}/`, apiKey: 'secret-key' },
      'rs',
      body,
    );
    expect(reply.envelope.data.components.at(-1)?.score).toBe(3.5);
    expect(server.seen[0]?.path).toBe('/exam/speaking/rs');
    expect(server.seen[0]?.authorization).toBe('secret-key');
  });

  it('accepts the proccessTime spelling', async () => {
    const { processTime, ...rest } = envelope('rs');
    server.script = () => ({
      status: 200,
      body: JSON.stringify({ ...rest, proccessTime: processTime }),
    });
    const reply = await client.score({ baseUrl: server.url, apiKey: null }, 'rs', body);
    expect(reply.envelope.processTime).toBe(0.01);
  });

  it('waits as long as Retry-After says on 429, then succeeds', async () => {
    server.script = (_req, index) =>
      index === 0 ? failure(429, 'RATE_LIMITED', 'slow down', { 'retry-after': '1' }) : ok();
    const started = Date.now();
    await client.score({ baseUrl: server.url, apiKey: 'k' }, 'rs', body);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.seen).toHaveLength(2);
  });

  it('hands back a Retry-After longer than it will wait, as a retryable failure', async () => {
    server.script = () => failure(429, 'RATE_LIMITED', 'slow down', { 'retry-after': '120' });
    const error = await scoreFailure(client, server.url);
    expect(error.kind).toBe('rate_limited');
    expect(error.retryable).toBe(true);
    expect(error.extra.retryAfterMs).toBe(120_000);
    expect(server.seen).toHaveLength(1);
  });

  it('retries 5xx with backoff and gives up after the configured tries', async () => {
    server.script = () => failure(500, 'INTERNAL', 'boom');
    const error = await scoreFailure(client, server.url);
    expect(error.kind).toBe('server_error');
    expect(error.retryable).toBe(true);
    expect(server.seen).toHaveLength(3);
  });

  it('never retries a 4xx and says what was wrong', async () => {
    server.script = () => failure(400, 'INVALID_PARAMETER', 'refText must not exceed 1000 words');
    const error = await scoreFailure(client, server.url);
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('refText must not exceed 1000 words');
    expect(server.seen).toHaveLength(1);
  });

  it('reports a refused key in words', async () => {
    server.script = () => failure(401, 'INVALID_API_KEY', 'invalid key');
    const error = await scoreFailure(client, server.url);
    expect(error.kind).toBe('key_refused');
    expect(error.message).toBe('The API key was refused. Check it in Settings.');
  });

  it('turns a corrupt body into a clear, permanent failure that keeps the raw text', async () => {
    server.script = () => ({ status: 200, body: '{"success": tru' });
    const error = await scoreFailure(client, server.url);
    expect(error.kind).toBe('bad_response');
    expect(error.retryable).toBe(false);
    expect(error.extra.responseText).toBe('{"success": tru');
  });

  it('names the first broken field of a well-formed but wrong envelope', async () => {
    server.script = () => ({
      status: 200,
      body: JSON.stringify({ ...envelope('rs'), version: 'x' }),
    });
    const error = await scoreFailure(client, server.url);
    expect(error.detail).toContain('version');
  });

  it('treats a truncated body as a broken connection, worth retrying', async () => {
    server.script = (_req, index) => (index === 0 ? { truncate: true } : ok());
    const reply = await client.score({ baseUrl: server.url, apiKey: 'k' }, 'rs', body);
    expect(reply.envelope.success).toBe(true);
    expect(server.seen).toHaveLength(2);
  });

  it('says it could not reach a server that is not there', async () => {
    const url = server.url;
    await server.kill();
    const error = await scoreFailure(client, url);
    expect(error.kind).toBe('unreachable');
    expect(error.message).toMatch(/^Could not reach the scoring service at 127\.0\.0\.1:\d+\.$/u);
    expect(error.detail).toContain('ECONNREFUSED');
  });

  it('gives up on a server that never answers within the total timeout', async () => {
    const quick = new ScoringClient({ totalTimeoutMs: 300, maxRetries: 0 });
    server.script = () => ({ hang: true });
    const error = await scoreFailure(quick, server.url);
    await quick.close();
    expect(error.kind).toBe('timeout');
    expect(error.retryable).toBe(true);
  });

  it('stops at once when the caller aborts', async () => {
    server.script = () => ({ hang: true });
    const controller = new AbortController();
    const pending = client.score(
      { baseUrl: server.url, apiKey: 'k' },
      'rs',
      body,
      controller.signal,
    );
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
  });
});
