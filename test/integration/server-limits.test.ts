import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { SpeakingScorer } from '../../src/engine/tasks/index.js';
import { ENDPOINT_PATHS } from '../../src/shared/contract/endpoints.js';
import { ScoringError } from '../../src/shared/contract/errors.js';
import {
  API_KEY,
  FakeSpeakingScorer,
  failure,
  post,
  startServer,
  withFixedTime,
} from './server-harness.js';

const RS = { audioUrl: 'https://audio.example/rs.wav', refText: 'hello there' };
const WFD = { question: 'Hello world', responseUser: 'hello world' };
const OTHER_KEY = 'second-key-77-0123';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('rate limiting', () => {
  it('limits each key separately and says when to retry', async () => {
    const server = await startServer({
      apiKeys: [API_KEY, OTHER_KEY],
      rateLimit: { max: 2, windowMs: 60_000 },
    });
    try {
      expect((await post(server, ENDPOINT_PATHS.wfd, WFD)).status).toBe(200);
      expect((await post(server, ENDPOINT_PATHS.wfd, WFD)).status).toBe(200);
      const limited = await post(server, ENDPOINT_PATHS.wfd, WFD);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('60');
      expect(limited.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(withFixedTime(limited.body)).toEqual(
        failure('RATE_LIMITED', 'rate limit of 2 requests per 60 s exceeded; retry in 1 minute'),
      );
      const other = await post(server, ENDPOINT_PATHS.wfd, WFD, {
        authorization: OTHER_KEY,
        'content-type': 'application/json',
      });
      expect(other.status).toBe(200);
      const health = await fetch(`${server.baseUrl}/health`);
      expect(health.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('concurrency bound', () => {
  it('refuses with OVERLOADED and Retry-After once every job slot is busy', async () => {
    const release = gate();
    const scorer = new FakeSpeakingScorer(() => release.opened);
    const server = await startServer({ speakingScorer: scorer, maxConcurrentJobs: 1 });
    try {
      const first = post(server, ENDPOINT_PATHS.rs, RS);
      await expect.poll(() => scorer.calls.length).toBe(1);
      const refused = await post(server, ENDPOINT_PATHS.rs, RS);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(withFixedTime(refused.body)).toEqual(
        failure('OVERLOADED', 'the server is busy scoring other answers; retry shortly'),
      );
      release.open();
      expect((await first).status).toBe(200);
      expect((await post(server, ENDPOINT_PATHS.rs, RS)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('tells the engine when the client has gone away', async () => {
    let aborted = false;
    const scorer = new FakeSpeakingScorer(
      (signal) =>
        new Promise<void>((resolve) =>
          signal?.addEventListener('abort', () => {
            aborted = true;
            resolve();
          }),
        ),
    );
    const server = await startServer({ speakingScorer: scorer });
    try {
      const client = new AbortController();
      const request = fetch(server.baseUrl + ENDPOINT_PATHS.rs, {
        method: 'POST',
        headers: { authorization: API_KEY, 'content-type': 'application/json' },
        body: JSON.stringify(RS),
        signal: client.signal,
      }).catch(() => 'aborted');
      await expect.poll(() => scorer.calls.length).toBe(1);
      client.abort();
      expect(await request).toBe('aborted');
      await expect.poll(() => aborted).toBe(true);
    } finally {
      await server.close();
    }
  });
});

describe('engine failures', () => {
  function throwing(error: Error): SpeakingScorer {
    return { score: () => Promise.reject(error), close: async () => {} };
  }

  it('passes the engine’s own errors through with their status', async () => {
    const error = new ScoringError('AUDIO_TOO_LONG', 'audio is longer than 180 s', 'audioUrl');
    const server = await startServer({ speakingScorer: throwing(error) });
    try {
      const answer = await post(server, ENDPOINT_PATHS.rs, RS);
      expect(answer.status).toBe(422);
      expect(withFixedTime(answer.body)).toEqual(
        failure('AUDIO_TOO_LONG', 'audio is longer than 180 s', 'audioUrl'),
      );
    } finally {
      await server.close();
    }
  });

  it('answers INTERNAL without a stack for a crash, and for a result that breaks the contract', async () => {
    const crash = await startServer({ speakingScorer: throwing(new TypeError('x is undefined')) });
    const broken = new FakeSpeakingScorer();
    broken.score = async () => ({ components: [], words: [], transcription: '' });
    const wrongShape = await startServer({ speakingScorer: broken });
    try {
      for (const server of [crash, wrongShape]) {
        const answer = await post(server, ENDPOINT_PATHS.rs, RS);
        expect(answer.status).toBe(500);
        expect(withFixedTime(answer.body)).toEqual(
          failure('INTERNAL', 'internal error; the failure has been logged'),
        );
      }
      expect(crash.logs()).toContain('x is undefined');
    } finally {
      await crash.close();
      await wrongShape.close();
    }
  });
});

describe('engine lifecycle', () => {
  it('reports 503 on /health while the engine loads, then ready; closes it on shutdown', async () => {
    const loaded = gate();
    const scorer = new FakeSpeakingScorer();
    const server = await startServer({
      speakingScorer: loaded.opened.then(() => scorer),
    });
    try {
      const loading = await fetch(`${server.baseUrl}/health`);
      expect(loading.status).toBe(503);
      expect(await loading.json()).toEqual({ status: 'loading' });
      const early = await post(server, ENDPOINT_PATHS.rs, RS);
      expect(early.status).toBe(503);
      expect(early.headers.get('retry-after')).toBe('1');
      expect((await post(server, ENDPOINT_PATHS.wfd, WFD)).status).toBe(200);
      loaded.open();
      await expect.poll(async () => (await fetch(`${server.baseUrl}/health`)).status).toBe(200);
      expect((await post(server, ENDPOINT_PATHS.rs, RS)).status).toBe(200);
    } finally {
      await server.close();
    }
    expect(scorer.closed).toBe(true);
  });
});

function rawRequest(path: string, body: unknown): string {
  const text = JSON.stringify(body);
  return [
    `POST ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Authorization: ${API_KEY}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(text)}`,
    '',
    text,
  ].join('\r\n');
}

describe('shutdown', () => {
  it('finishes the request in flight, then closes even with requests pipelined behind it', async () => {
    const release = gate();
    const scorer = new FakeSpeakingScorer(() => release.opened);
    const server = await startServer({ speakingScorer: scorer });
    const socket = connect(Number(new URL(server.baseUrl).port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const socketClosed = new Promise((resolve) => socket.on('close', resolve));
    socket.write(rawRequest(ENDPOINT_PATHS.rs, RS) + rawRequest(ENDPOINT_PATHS.wfd, WFD));
    await expect.poll(() => scorer.calls.length).toBe(1);
    const closing = server.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release.open();
    const started = Date.now();
    await closing;
    await socketClosed;
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/u);
    expect(received.toLowerCase()).toContain('connection: close');
    expect(scorer.closed).toBe(true);
  });
});
