/**
 * Issue 21: hostile uploads must not keep honest answers out. A scoring slot is taken only
 * once a body has been accepted; what arrives before it is bounded per client; a client
 * whose bodies keep being refused is slowed and refused unread.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ENDPOINT_PATHS } from '../../src/shared/contract/endpoints.js';
import { MAX_BODY_BYTES, MAX_UPLOAD_BYTES_PER_CLIENT } from '../../src/server/limits.js';
import {
  API_KEY,
  FakeSpeakingScorer,
  failure,
  openUpload,
  post,
  startServer,
  withFixedTime,
  type RunningServer,
  type Upload,
} from './server-harness.js';

const MB = 1024 * 1024;
const OTHER_KEY = 'second-key-77-0123';
const RS = { audioUrl: 'https://audio.example/rs.wav', refText: 'hello there' };

/** The start of a 30 MB answer whose audio is an inline data: URL: well-formed as far as it goes. */
function bigAnswerStart(): Buffer {
  return Buffer.from(
    `{"refText":"hello there","audioUrl":"data:audio/wav;base64,${'A'.repeat(MB)}`,
  );
}

/** Uploads that declare 30 MB, send their first megabyte and then stall. */
function stalledUploads(server: RunningServer, count: number, key = API_KEY): Upload[] {
  return Array.from({ length: count }, () =>
    openUpload(server, ENDPOINT_PATHS.rs, 30 * MB, bigAnswerStart(), key),
  );
}

/** A scorer that counts the jobs it runs at once and holds each until released. */
function countingScorer() {
  let running = 0;
  let most = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const scorer = new FakeSpeakingScorer(async () => {
    most = Math.max(most, ++running);
    await released;
    running--;
  });
  return { scorer, release, most: () => most };
}

let server: RunningServer | undefined;
let uploads: Upload[] = [];

afterEach(async () => {
  for (const upload of uploads) upload.abort();
  uploads = [];
  await server?.close();
  server = undefined;
});

describe('scoring slots', () => {
  it('scores an honest answer while hostile bodies stream on the only slot there is', async () => {
    const scorer = new FakeSpeakingScorer();
    server = await startServer({ speakingScorer: scorer, maxConcurrentJobs: 1 });
    uploads = stalledUploads(server, 4);
    uploads.push(...stalledUploads(server, 4, OTHER_KEY));
    // Every upload has reached the server and is waiting for the rest of its body.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answer = await post(server, ENDPOINT_PATHS.rs, RS);
    expect(answer.status).toBe(200);
    expect((answer.body as { success: boolean }).success).toBe(true);
    expect(scorer.calls).toEqual([{ task: 'rs', request: expect.objectContaining(RS) }]);
  });

  it('never lets the jobs being scored pass --max-jobs, and refuses the rest OVERLOADED', async () => {
    const { scorer, release, most } = countingScorer();
    server = await startServer({ speakingScorer: scorer, maxConcurrentJobs: 2 });
    let answered = 0;
    const answers = Array.from({ length: 8 }, () =>
      post(server!, ENDPOINT_PATHS.rs, RS).finally(() => answered++),
    );
    await expect.poll(() => answered).toBe(6);
    expect(scorer.calls).toHaveLength(2);
    release();
    const statuses = (await Promise.all(answers)).map((answer) => answer.status);
    expect(most()).toBe(2);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 503)).toHaveLength(6);
    // The slots came back: the next answer is scored.
    expect((await post(server, ENDPOINT_PATHS.rs, RS)).status).toBe(200);
  });

  it('gives a slot back when a body is refused while it streams', async () => {
    server = await startServer({ speakingScorer: new FakeSpeakingScorer(), maxConcurrentJobs: 1 });
    const hostile = `{"refText":"hello","junk":[${'{},'.repeat(20_000)}{}]}`;
    const refused = await post(server, ENDPOINT_PATHS.rs, hostile);
    expect(refused.status).toBe(413);
    expect((await post(server, ENDPOINT_PATHS.rs, RS)).status).toBe(200);
  });
});

describe('refusals before the body is read', () => {
  it('refuses a Content-Length over the limit at once and closes the connection', async () => {
    server = await startServer({ speakingScorer: new FakeSpeakingScorer() });
    const upload = openUpload(server, ENDPOINT_PATHS.rs, MAX_BODY_BYTES + 1, Buffer.from('{'));
    uploads.push(upload);
    const answer = await upload.answer;
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(withFixedTime(answer.body)).toEqual(
      failure('PAYLOAD_TOO_LARGE', 'request body exceeds 32 MB'),
    );
  });

  it('closes the connection after refusing a key, rather than reading the body to skip it', async () => {
    server = await startServer({ speakingScorer: new FakeSpeakingScorer() });
    const upload = openUpload(server, ENDPOINT_PATHS.rs, 30 * MB, bigAnswerStart(), 'no-such-key');
    uploads.push(upload);
    const answer = await upload.answer;
    expect(answer.status).toBe(401);
    expect(answer.headers.connection).toBe('close');
  });

  it('answers a body sent to no route, with no key needed, without reading it', async () => {
    server = await startServer({ speakingScorer: new FakeSpeakingScorer() });
    const unknown = openUpload(server, '/exam/speaking/nope', 30 * MB, bigAnswerStart(), '');
    const health = openUpload(server, '/health', 30 * MB, bigAnswerStart(), '');
    uploads.push(unknown, health);
    const [notFound, notAllowed] = await Promise.all([unknown.answer, health.answer]);
    expect(notFound.status).toBe(404);
    expect(notFound.headers.connection).toBe('close');
    expect(withFixedTime(notFound.body)).toEqual(failure('NOT_FOUND', 'no such endpoint'));
    expect(notAllowed.status).toBe(405);
    expect(notAllowed.headers.allow).toBe('GET, HEAD');
    expect(notAllowed.headers.connection).toBe('close');
  });

  it('keeps the connection of a refusal whose body was read whole', async () => {
    server = await startServer({ speakingScorer: new FakeSpeakingScorer() });
    const answer = await post(server, ENDPOINT_PATHS.rs, { ...RS, refText: 5 });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('connection')).toBe('keep-alive');
  });

  it("bounds one key's bytes on their way in, while other keys are still served", async () => {
    server = await startServer({
      apiKeys: [API_KEY, OTHER_KEY],
      speakingScorer: new FakeSpeakingScorer(),
    });
    const fit = Math.floor(MAX_UPLOAD_BYTES_PER_CLIENT / (30 * MB));
    uploads = stalledUploads(server, fit);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [over] = stalledUploads(server, 1);
    uploads.push(over!);
    const answer = await over!.answer;
    expect(answer.status).toBe(429);
    expect(answer.headers.connection).toBe('close');
    expect(withFixedTime(answer.body)).toEqual(
      failure(
        'RATE_LIMITED',
        'this client already has 128 MiB of request bodies on their way; send more once they are answered',
      ),
    );
    const other = await post(server, ENDPOINT_PATHS.rs, RS, {
      authorization: OTHER_KEY,
      'content-type': 'application/json',
    });
    expect(other.status).toBe(200);
    // Once the stalled uploads go away, their bytes are the key's again.
    for (const upload of uploads) upload.abort();
    await expect.poll(async () => (await post(server!, ENDPOINT_PATHS.rs, RS)).status).toBe(200);
  });
});

describe('a key whose requests keep being refused', () => {
  it('is refused unread and slowed down, while other keys are served at once', async () => {
    server = await startServer({
      apiKeys: [API_KEY, OTHER_KEY],
      speakingScorer: new FakeSpeakingScorer(),
      refusalBudget: { max: 3, windowMs: 60_000 },
    });
    for (let i = 0; i < 3; i++) {
      expect((await post(server, ENDPOINT_PATHS.rs, '{"refText": [')).status).toBe(400);
    }
    const started = performance.now();
    const upload = openUpload(server, ENDPOINT_PATHS.rs, 30 * MB, bigAnswerStart());
    uploads.push(upload);
    const other = await post(server, ENDPOINT_PATHS.rs, RS, {
      authorization: OTHER_KEY,
      'content-type': 'application/json',
    });
    expect(other.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(900);
    const answer = await upload.answer;
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect(answer.status).toBe(429);
    expect(answer.headers.connection).toBe('close');
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(55);
    expect(withFixedTime(answer.body)).toEqual(
      failure(
        'RATE_LIMITED',
        `this client has had 3 requests refused for what they sent within 60 s; retry in ${answer.headers['retry-after']} s`,
      ),
    );
  });

  it('does not count the outcomes of well-formed answers, nor refusals of other keys', async () => {
    server = await startServer({
      apiKeys: [API_KEY, OTHER_KEY],
      speakingScorer: new FakeSpeakingScorer(),
      refusalBudget: { max: 1, windowMs: 60_000 },
      maxConcurrentJobs: 0,
    });
    // OVERLOADED is the server's doing, not the client's.
    for (let i = 0; i < 3; i++)
      expect((await post(server, ENDPOINT_PATHS.rs, RS)).status).toBe(503);
    const other = { authorization: OTHER_KEY, 'content-type': 'application/json' };
    expect((await post(server, ENDPOINT_PATHS.wfd, '{', other)).status).toBe(400);
    const wfd = { question: 'Hello world', responseUser: 'hello world' };
    expect((await post(server, ENDPOINT_PATHS.wfd, wfd)).status).toBe(200);
    expect((await post(server, ENDPOINT_PATHS.wfd, wfd, other)).status).toBe(429);
  });

  it('is off when rate limiting is off, unless set', async () => {
    server = await startServer({ speakingScorer: new FakeSpeakingScorer() });
    for (let i = 0; i < 30; i++) {
      expect((await post(server, ENDPOINT_PATHS.rs, '{')).status).toBe(400);
    }
    expect((await post(server, ENDPOINT_PATHS.rs, RS)).status).toBe(200);
  });
});
