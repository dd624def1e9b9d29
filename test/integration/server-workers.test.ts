import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { ENDPOINT_PATHS } from '../../src/shared/contract/endpoints.js';
import type { JobBudget } from '../../src/server/workers/job-budget.js';
import { WorkerPool } from '../../src/server/workers/worker-pool.js';
import {
  API_KEY,
  FakeSpeakingScorer,
  failure,
  post,
  startServer,
  withFixedTime,
  type RunningServer,
} from './server-harness.js';
import { tempDir } from '../helpers/temp-dir.js';

const SCRIPTED_WORKER = fileURLToPath(
  new URL('../fixtures/workers/scripted-worker.ts', import.meta.url),
);
const POOL_HOST = fileURLToPath(new URL('../fixtures/workers/pool-host.ts', import.meta.url));
const BUDGET: JobBudget = { baseMs: 500, perAudioSecondMs: 500, capMs: 60_000 };

let running: Array<{ pool: WorkerPool; server: RunningServer }> = [];

async function poolServer(size: number, budget = BUDGET) {
  const pool = new WorkerPool({
    entry: SCRIPTED_WORKER,
    execArgv: ['--import', 'tsx'],
    size,
    policy: {
      audioRoots: [],
      blockPrivateNetworks: true,
      maxBytes: 1024,
      maxDurationSeconds: 10,
      fetchTimeoutMs: 1000,
    },
    budget,
    log: pino({ level: 'silent' }),
  });
  expect(await pool.started()).toBe(true);
  const server = await startServer({ speakingScorer: pool, maxConcurrentJobs: 8 });
  running.push({ pool, server });
  return { pool, server };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function rs(refText: string) {
  return { audioUrl: 'https://audio.example/a.wav', refText };
}

/** Sends a request the test can abandon, as a client that hangs up. */
function abandonable(server: RunningServer, refText: string) {
  const client = new AbortController();
  const answer = fetch(server.baseUrl + ENDPOINT_PATHS.rs, {
    method: 'POST',
    headers: { authorization: API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(rs(refText)),
    signal: client.signal,
  }).catch(() => 'hung up');
  return { hangUp: () => client.abort(), answer };
}

afterEach(async () => {
  for (const { pool, server } of running) {
    await server.close();
    await pool.close();
  }
  running = [];
});

describe('speech scoring in worker processes', () => {
  it('stops a job past its budget, answers SCORING_TIMEOUT, and replaces the worker', async () => {
    const { pool, server } = await poolServer(1);
    const [before] = pool.workerPids;
    // 2 s of audio: 0.5 s + 2 × 0.5 s = 1.5 s allowed, far below the 60 s cap.
    const answer = await post(server, ENDPOINT_PATHS.rs, rs('hang 2'));
    expect(answer.status).toBe(422);
    const message =
      'scoring 2.0 s of audio was stopped 1.5 s after it was decoded, the time allowed for it; the answer was not scored';
    expect(withFixedTime(answer.body)).toEqual(failure('SCORING_TIMEOUT', message));
    const next = await post(server, ENDPOINT_PATHS.rs, rs('hello'));
    expect(next.status).toBe(200);
    expect(pool.workerPids).toHaveLength(1);
    expect(pool.workerPids[0]).not.toBe(before);
  });

  it('stops a running job when its client hangs up, and drops a queued one', async () => {
    const { pool, server } = await poolServer(1);
    const [before] = pool.workerPids;
    const runningJob = abandonable(server, 'hang 100');
    const queuedJob = abandonable(server, 'busy 0');
    await expect.poll(() => pool.queued).toBe(1);
    queuedJob.hangUp();
    await expect.poll(() => pool.queued).toBe(0);
    runningJob.hangUp();
    expect(await runningJob.answer).toBe('hung up');
    await expect.poll(() => pool.workerPids[0], { timeout: 20_000 }).not.toBe(before);
    // The replacement scores: the hung job is gone, not still holding the only worker.
    expect((await post(server, ENDPOINT_PATHS.rs, rs('hello'))).status).toBe(200);
  });

  it('answers /health and dictation while every worker is busy', async () => {
    const { pool, server } = await poolServer(2);
    const jobs = [abandonable(server, 'hang 100'), abandonable(server, 'hang 100')];
    await expect.poll(() => pool.busy).toBe(2);
    const health = await fetch(`${server.baseUrl}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ready' });
    const wfd = { question: 'Hello world', responseUser: 'hello world' };
    expect((await post(server, ENDPOINT_PATHS.wfd, wfd)).status).toBe(200);
    expect(pool.busy).toBe(2);
    for (const job of jobs) job.hangUp();
  });

  it('counts the wait for a worker in processTime', async () => {
    const { pool, server } = await poolServer(1);
    const folder = tempDir('examiner-release-');
    onTestFinished(folder.remove);
    const release = join(folder.path, 'go');
    const first = post(server, ENDPOINT_PATHS.rs, rs(`until ${release}`));
    await expect.poll(() => pool.busy).toBe(1);
    const second = post(server, ENDPOINT_PATHS.rs, rs('hello'));
    await expect.poll(() => pool.queued).toBe(1);
    // The second answer has arrived and cannot start before the first ends: 0.8 s from now.
    await new Promise((resolve) => setTimeout(resolve, 800));
    writeFileSync(release, '');
    expect((await first).status).toBe(200);
    const waited = (await second).body as { processTime: number };
    expect(waited.processTime).toBeGreaterThanOrEqual(0.8);
  });

  it('answers jobs still running when the drain ends with OVERLOADED', async () => {
    const { pool, server } = await poolServer(1);
    const job = post(server, ENDPOINT_PATHS.rs, rs('hang 100'));
    await expect.poll(() => pool.busy).toBe(1);
    await pool.drain(200);
    const answer = await job;
    expect(answer.status).toBe(503);
    expect(withFixedTime(answer.body)).toEqual(
      failure('OVERLOADED', 'the server shut down before this answer was scored; retry'),
    );
    expect(pool.workerPids).toEqual([]);
  });
});

describe("the workers' shared reader (Moonshine, held once for several workers)", () => {
  const transcription = (body: unknown) =>
    (body as { data: { transcription: string } }).data.transcription;

  it('reads for every worker, one reader to four workers', async () => {
    const { pool, server } = await poolServer(5);
    expect(pool.workerPids).toHaveLength(5);
    expect(pool.readerPids).toHaveLength(2);
    const answers = await Promise.all(
      ['read the deadline', 'read a garden', 'read students'].map((text) =>
        post(server, ENDPOINT_PATHS.rs, rs(text)),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => transcription(answer.body))).toEqual([
      '{"supports":[-3,-8],"wordsBeforeEnd":2}',
      '{"supports":[-1,-6],"wordsBeforeEnd":2}',
      '{"supports":[-8],"wordsBeforeEnd":1}',
    ]);
  });

  it('fails the reading of a reader that dies with OVERLOADED, and starts another', async () => {
    const { pool, server } = await poolServer(1);
    const [before] = pool.readerPids;
    const crashed = await post(server, ENDPOINT_PATHS.rs, rs('read crash'));
    expect(crashed.status).toBe(503);
    expect(withFixedTime(crashed.body)).toEqual(
      failure('OVERLOADED', 'the reader exited with code 1'),
    );
    await expect.poll(() => pool.readerPids, { timeout: 20_000 }).toHaveLength(1);
    expect(pool.readerPids[0]).not.toBe(before);
    const next = await post(server, ENDPOINT_PATHS.rs, rs('read again'));
    expect(next.status).toBe(200);
    expect(transcription(next.body)).toBe('{"supports":[-5],"wordsBeforeEnd":1}');
    expect(pool.workerPids).toHaveLength(1);
  });
});

describe('the cost of a speaking request, bounded before any work', () => {
  it('refuses a refText or keyword word longer than any English word', async () => {
    const scorer = new FakeSpeakingScorer();
    const server = await startServer({ speakingScorer: scorer });
    try {
      const huge = await post(server, ENDPOINT_PATHS.rs, rs(`say ${'a'.repeat(1024 * 1024)}`));
      expect(huge.status).toBe(400);
      expect(withFixedTime(huge.body)).toEqual(
        failure(
          'INVALID_PARAMETER',
          'refText has a word of 1048576 characters; a word may have at most 50',
          'refText',
        ),
      );
      const keyword = await post(server, ENDPOINT_PATHS.rl, {
        ...rs('a lecture'),
        keywords: ['lecture', 'x'.repeat(51)],
      });
      expect(withFixedTime(keyword.body)).toEqual(
        failure(
          'INVALID_PARAMETER',
          'keywords.1 has a word of 51 characters; a word may have at most 50',
          'keywords.1',
        ),
      );
      const longest = 'pneumonoultramicroscopicsilicovolcanoconiosis';
      expect((await post(server, ENDPOINT_PATHS.rs, rs(longest))).status).toBe(200);
      expect(scorer.calls.map((call) => call.request.refText)).toEqual([longest]);
    } finally {
      await server.close();
    }
  });
});

describe('a worker whose server dies', () => {
  it('stops within seconds even in the middle of a job', async () => {
    const host = spawn(process.execPath, ['--import', 'tsx', POOL_HOST], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const workerPid = await new Promise<number>((resolve) =>
      createInterface({ input: host.stdout! }).once('line', (line) => resolve(Number(line))),
    );
    expect(alive(workerPid)).toBe(true);
    host.kill('SIGKILL');
    await expect.poll(() => alive(workerPid), { timeout: 20_000 }).toBe(false);
  });
});
