import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ok, type FakeScoringServer } from './main-fake-server.js';
import { QueueHarness, setUpScoring, tearDownQueue, waitFor } from './main-harness.js';
import { type TempDir } from '../helpers/temp-dir.js';

describe('offline queue', () => {
  let dir: TempDir, server: FakeScoringServer, harness: QueueHarness;
  beforeEach(async () => {
    ({ dir, server } = await setUpScoring());
  });
  afterEach(() => tearDownQueue({ dir, server, harness }));

  it('stores every attempt and its recording before any network call', async () => {
    harness = new QueueHarness(dir.path, null);
    const { candidateId, rsItem } = harness.seed();
    harness.queue.start();
    const attempt = await harness.submitAudio(candidateId, rsItem, 'hello audio');
    expect(attempt.status).toBe('queued');
    expect(server.seen).toHaveLength(0);
    const bytes = readFileSync(attempt.audioPath!);
    expect(bytes.toString()).toBe('hello audio');
    expect(attempt.audioSha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('queues while the endpoint is down and drains in order when it is back', async () => {
    const url = server.url;
    await server.kill();
    harness = new QueueHarness(dir.path, url);
    const { candidateId, rsItem, wfdItem } = harness.seed();
    harness.queue.start();
    const ids = [
      (await harness.submitAudio(candidateId, rsItem, 'one')).id,
      harness.service.submitDictation({ candidateId, itemId: wfdItem, typedAnswer: 'the cat' }).id,
      (await harness.submitAudio(candidateId, rsItem, 'three')).id,
    ];
    await waitFor(() => harness.status(ids[0]!) === 'failed_retryable', 5_000, 'first failure');
    expect(ids.map((id) => harness.status(id))).toEqual(['failed_retryable', 'queued', 'queued']);
    expect(harness.attempts.get(ids[0]!)?.error_message).toMatch(/Could not reach/u);

    await server.listen(Number(new URL(url).port));
    await waitFor(() => ids.every((id) => harness.status(id) === 'scored'), 10_000, 'drain');
    const order = server.seen.map((seen) => (seen.body.audioUrl as string | undefined) ?? 'wfd');
    expect(
      order.map((url) =>
        url.startsWith('data:') ? Buffer.from(url.split(',')[1]!, 'base64').toString() : url,
      ),
    ).toEqual(['one', 'wfd', 'three']);
  });

  it('sends waiting attempts as soon as the endpoint answers again, with no backoff left over', async () => {
    const url = server.url;
    await server.kill();
    harness = new QueueHarness(dir.path, url, { retryBaseMs: 60_000, retryCapMs: 60_000 });
    const { candidateId, wfdItem } = harness.seed();
    harness.queue.start();
    const { id } = harness.service.submitDictation({
      candidateId,
      itemId: wfdItem,
      typedAnswer: 'the cat',
    });
    await waitFor(() => harness.status(id) === 'failed_retryable', 5_000, 'first failure');
    const retryAt = Date.parse(harness.attempts.get(id)!.next_retry_at!);
    expect(retryAt - Date.now()).toBeGreaterThan(20_000);
    expect(harness.queue.status()).toMatchObject({ waiting: 1, serverAnswering: false });

    await server.listen(Number(new URL(url).port));
    const back = Date.now();
    await waitFor(
      () => harness.status(id) === 'scored',
      10_000,
      'scored after the server returned',
    );
    // Well before the 30–60 s backoff: the health probe (every second) sent it.
    expect(Date.now() - back).toBeLessThan(10_000);
    expect(harness.queue.status()).toMatchObject({ waiting: 0, nextTryAt: null });
  });

  it('scores an attempt exactly once when the server dies mid-request', async () => {
    harness = new QueueHarness(dir.path, server.url);
    const { candidateId, rsItem } = harness.seed();
    const port = Number(new URL(server.url).port);
    server.script = (_req, index) => {
      if (index === 0) setTimeout(() => void server.kill().then(() => server.listen(port)), 10);
      return index === 0 ? { hang: true } : ok('rs', 4.5);
    };
    harness.queue.start();
    const { id } = await harness.submitAudio(candidateId, rsItem);
    await waitFor(() => harness.status(id) === 'scored', 10_000, 'scored');
    const row = harness.attempts.get(id)!;
    expect(row.overall).toBe(4.5);
    expect(row.tries).toBeGreaterThanOrEqual(1);
    expect(server.seen.length).toBeGreaterThanOrEqual(2);
    const scoredEvents = harness.events.filter(
      (event) => event.id === id && event.status === 'scored',
    );
    expect(scoredEvents).toHaveLength(1);
    expect(harness.db.prepare('SELECT count(*) AS n FROM attempts').get()).toEqual({ n: 1 });
  });

  it('keeps one result when a cancelled attempt is answered late', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.script = async () => {
      await gate;
      return ok();
    };
    harness = new QueueHarness(dir.path, server.url);
    const { candidateId, rsItem } = harness.seed();
    harness.queue.start();
    const { id } = await harness.submitAudio(candidateId, rsItem);
    await waitFor(() => server.seen.length === 1, 5_000, 'request sent');
    await harness.service.cancel(id);
    release();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const row = harness.attempts.get(id)!;
    expect(row.status).toBe('cancelled');
    expect(row.response_json).toBeNull();
    expect(row.overall).toBeNull();
  });

  it('fails clearly on a corrupt response, loses nothing, and scores on retry', async () => {
    server.script = (_req, index) =>
      index === 0 ? { status: 200, body: '<html>gateway' } : ok('rs', 2);
    harness = new QueueHarness(dir.path, server.url);
    const { candidateId, rsItem } = harness.seed();
    harness.queue.start();
    const attempt = await harness.submitAudio(candidateId, rsItem, 'precious');
    await waitFor(() => harness.status(attempt.id) === 'failed_permanent', 5_000, 'failure');
    const failed = harness.attempts.get(attempt.id)!;
    expect(failed.error_message).toBe('The scoring service sent an answer the app could not read.');
    expect(failed.error_detail).toContain('not valid JSON');
    expect(failed.response_json).toBe('<html>gateway');
    expect(JSON.parse(failed.request_json!)).toMatchObject({ refText: 'the cat sat', scale: 5 });
    expect(readFileSync(failed.audio_path!).toString()).toBe('precious');

    harness.service.retry(attempt.id);
    await waitFor(() => harness.status(attempt.id) === 'scored', 5_000, 'retry scored');
    expect(harness.attempts.get(attempt.id)?.overall).toBe(2);
  });

  it('survives a store that cannot record the outcome, leaving the attempt for the next start', async () => {
    harness = new QueueHarness(dir.path, server.url);
    const { candidateId, rsItem } = harness.seed();
    const full = (): never => {
      throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    };
    harness.attempts.markScored = full;
    harness.attempts.markFailed = full;
    harness.queue.start();
    const { id } = await harness.submitAudio(candidateId, rsItem);
    await waitFor(() => server.seen.length === 1, 5_000, 'the request');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(harness.status(id)).toBe('scoring');
    await harness.close();

    harness = new QueueHarness(dir.path, server.url);
    harness.queue.start();
    await waitFor(() => harness.status(id) === 'scored', 5_000, 'scored after restart');
  });

  it('puts attempts left mid-scoring back in the queue after a restart', async () => {
    harness = new QueueHarness(dir.path, null);
    const { candidateId, rsItem } = harness.seed();
    const { id } = await harness.submitAudio(candidateId, rsItem);
    harness.db.prepare(`UPDATE attempts SET status = 'scoring' WHERE id = ?`).run(id);
    await harness.close();

    harness = new QueueHarness(dir.path, server.url);
    harness.queue.start();
    await waitFor(() => harness.status(id) === 'scored', 5_000, 'scored after restart');
    expect(server.seen).toHaveLength(1);
  });

  it('moves failed attempts to a permanent state on a 4xx without retrying', async () => {
    server.script = () => ({
      status: 422,
      body: JSON.stringify({
        success: false,
        message: 'no speech',
        version: '1.0',
        processTime: 0,
        data: {
          components: [],
          words: [],
          error: { code: 'NO_SPEECH', message: 'no speech', field: null },
        },
      }),
    });
    harness = new QueueHarness(dir.path, server.url);
    const { candidateId, rsItem } = harness.seed();
    harness.queue.start();
    const { id } = await harness.submitAudio(candidateId, rsItem);
    await waitFor(() => harness.status(id) === 'failed_permanent', 5_000, 'permanent failure');
    expect(harness.attempts.get(id)?.error_message).toBe('No speech was heard in the recording.');
    expect(server.seen).toHaveLength(1);
  });

  it('fails permanently, in words, when the recording file has gone', async () => {
    harness = new QueueHarness(dir.path, server.url);
    const { candidateId, rsItem } = harness.seed();
    const attempt = await harness.submitAudio(candidateId, rsItem);
    rmSync(attempt.audioPath!);
    harness.queue.start();
    await waitFor(() => harness.status(attempt.id) === 'failed_permanent', 5_000, 'failure');
    expect(harness.attempts.get(attempt.id)?.error_message).toBe(
      'The recording file is missing, so this attempt cannot be scored.',
    );
    expect(server.seen).toHaveLength(0);
  });

  it('deletes an attempt with its recording', async () => {
    harness = new QueueHarness(dir.path, null);
    const { candidateId, rsItem } = harness.seed();
    const attempt = await harness.submitAudio(candidateId, rsItem);
    await harness.service.delete(attempt.id);
    expect(harness.attempts.get(attempt.id)).toBeNull();
    expect(() => readFileSync(attempt.audioPath!)).toThrow();
  });
});
