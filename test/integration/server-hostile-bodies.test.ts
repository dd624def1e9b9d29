/**
 * Issue 21, row 1: bodies that cost the server before any check had a say. Each is refused
 * while it is still arriving: the answer comes back although most of the body was never sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_PATHS } from '../../src/shared/contract/endpoints.js';
import {
  API_KEY,
  FakeSpeakingScorer,
  failure,
  post,
  sendPart,
  startServer,
  withFixedTime,
  type RunningServer,
} from './server-harness.js';

const MB = 1024 * 1024;

/** 30 MB of `{}` in a field the contract does not know, as the attack sent them. */
function hostileBody(): Buffer {
  const head = '{"audioUrl":"https://audio.example/a.wav","refText":"hello","junk":[';
  const count = Math.ceil((30 * MB) / 3);
  return Buffer.from(`${head}${'{},'.repeat(count)}{}]}`);
}

describe('hostile JSON bodies', () => {
  let server: RunningServer;
  const body = hostileBody();

  beforeAll(async () => {
    server = await startServer({ speakingScorer: new FakeSpeakingScorer() });
  });
  afterAll(() => server.close());

  it('refuses 30 MB of {} after its first megabyte, and closes the connection', async () => {
    const answer = await sendPart(server, ENDPOINT_PATHS.rs, body, MB);
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(withFixedTime(answer.body)).toEqual(
      failure('PAYLOAD_TOO_LARGE', 'request body holds more than 10000 JSON values'),
    );
  });

  it('refuses the same on the dictation route, which takes no job slot', async () => {
    const answer = await sendPart(server, ENDPOINT_PATHS.wfd, body, MB);
    expect(answer.status).toBe(413);
  });

  it('keeps answering /health while eight such bodies arrive whole', async () => {
    const uploads = Array.from({ length: 8 }, () =>
      fetch(`${server.baseUrl}${ENDPOINT_PATHS.rl}`, {
        method: 'POST',
        headers: { authorization: API_KEY, 'content-type': 'application/json' },
        body,
      }).then(
        (response) => response.status,
        () => 'reset', // the server may close the socket before the client has sent it all
      ),
    );
    const health = await fetch(`${server.baseUrl}/health`);
    expect(health.status).toBe(200);
    // Past the key's share of bytes on their way in (128 MiB), the rest are refused unread (429).
    for (const status of await Promise.all(uploads)) expect([413, 429, 'reset']).toContain(status);
    expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);
  });
});

describe('the overload check', () => {
  let server: RunningServer;

  beforeAll(async () => {
    // No job slot at all: every speaking request finds the server full.
    server = await startServer({ speakingScorer: new FakeSpeakingScorer(), maxConcurrentJobs: 0 });
  });
  afterAll(() => server.close());

  it('comes before the body is read', async () => {
    const body = Buffer.from(JSON.stringify({ audioUrl: `data:,${'a'.repeat(30 * MB)}` }));
    const answer = await sendPart(server, ENDPOINT_PATHS.di, body, 1024);
    expect(answer.status).toBe(503);
    expect(answer.headers.connection).toBe('close');
    expect(withFixedTime(answer.body)).toEqual(
      failure('OVERLOADED', 'the server is busy scoring other answers; retry shortly'),
    );
  });
});

describe('a body with a "__proto__" key', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ speakingScorer: new FakeSpeakingScorer() });
  });
  afterAll(() => server.close());

  it('is refused by name, not called invalid JSON, and pollutes nothing', async () => {
    const text = '{"question":"Hello world","responseUser":"hello","__proto__":{"polluted":true}}';
    const answer = await post(server, ENDPOINT_PATHS.wfd, text);
    expect(answer.status).toBe(400);
    expect(withFixedTime(answer.body)).toEqual(
      failure('INVALID_PARAMETER', 'request body must not use "__proto__" as a key', '__proto__'),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('is refused when nested too', async () => {
    const text = '{"question":"Hello world","responseUser":["a",{"__proto__":{}}]}';
    const answer = await post(server, ENDPOINT_PATHS.wfd, text);
    expect((answer.body as { data: { error: { field: string } } }).data.error.field).toBe(
      '__proto__',
    );
  });

  it('is an ordinary word inside a string', async () => {
    const answer = await post(server, ENDPOINT_PATHS.wfd, {
      question: 'Hello __proto__',
      responseUser: '__proto__',
    });
    expect(answer.status).toBe(200);
  });
});
