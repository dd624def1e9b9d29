import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, constants, openSync, readFileSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { serverReadyLine, serverReadyPort } from '../../src/shared/server-ready.js';
import { SPEAKING_COMPONENTS } from '../../src/shared/contract/endpoints.js';
import { ERROR_STATUS, type ErrorCode } from '../../src/shared/contract/errors.js';
import { missingToolsReason, READING_SENTENCE, spokenReading } from '../helpers/speech-fixtures.js';
import { tempDir } from '../helpers/temp-dir.js';

/** A folder of this test's own, removed when it ends. */
function testFolder(prefix: string): string {
  const folder = tempDir(prefix);
  onTestFinished(folder.remove);
  return folder.path;
}

const CLI = join('src', 'server', 'cli.ts');

const children: ChildProcess[] = [];

/**
 * Node itself with tsx's loader, as the app forks the built server: tsx's own command would
 * stand between the test and the server, relaying signals (and killing a server that does
 * not acknowledge one within 30 ms).
 */
function start(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: { ...process.env, EXAMINER_API_KEYS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const stdout: string[] = [];
  const lines = createInterface({ input: child.stdout! });
  const ready = new Promise<number>((resolve, reject) => {
    lines.on('line', (line) => {
      stdout.push(line);
      const port = serverReadyPort(line);
      if (port !== null) resolve(port);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before ready`)));
  });
  ready.catch(() => {});
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, ready, exited, stdout, stderr: () => stderr };
}

async function healthy(port: number): Promise<void> {
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/health`)).status, {
      timeout: 60_000,
    })
    .toBe(200);
}

async function wfd(port: number, key: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/exam/listening/wfd`, {
    method: 'POST',
    headers: { authorization: key, 'content-type': 'application/json' },
    body: JSON.stringify({ question: 'Hello there', responseUser: 'hello there' }),
  });
  await response.body?.cancel();
  return response.status;
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('serve command', () => {
  it('prints only the ready line on stdout, serves, and exits cleanly on SIGTERM', async () => {
    const server = start(['--port', '0'], {
      EXAMINER_API_KEYS: 'alpha-key-0123456789, beta-key-0123456789',
    });
    const port = await server.ready;
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/health`)).status, {
        timeout: 30_000,
      })
      .toBe(200);
    expect(await wfd(port, 'beta-key-0123456789')).toBe(200);
    expect(await wfd(port, 'gamma')).toBe(401);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.stdout).toEqual([serverReadyLine(port)]);
    expect(server.stderr()).not.toContain('beta-key');
  });

  it('reads keys from a file, skipping comments and blank lines', async () => {
    const file = join(testFolder('examiner-keys-'), 'keys.txt');
    writeFileSync(
      file,
      '# staff keys\nkey-one-0123456789\n\n  key-two-0123456789  \n# key-three-0123456789\n',
    );
    const server = start(['--port', '0', '--keys', file, '--rate-limit', '0']);
    const port = await server.ready;
    expect(await wfd(port, 'key-two-0123456789')).toBe(200);
    expect(await wfd(port, '# key-three-0123456789')).toBe(401);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it.skipIf(process.platform !== 'linux')(
    'exits 0 on SIGTERM during start-up, before it listens',
    async () => {
      // The key file is a FIFO: start-up waits on it, after the signal handlers are in place
      // and before the server exists, until the test writes the keys.
      const folder = testFolder('examiner-fifo-');
      const fifo = join(folder, 'keys');
      execFileSync('mkfifo', [fifo]);
      const server = start(['--port', '0', '--keys', fifo]);
      const waitingOnFifo = () => readFileSync(`/proc/${server.child.pid}/wchan`, 'utf8');
      await expect.poll(waitingOnFifo, { timeout: 30_000 }).toBe('wait_for_partner');
      server.child.kill('SIGTERM');
      const writing = writeFile(fifo, 'alpha-key-0123456789\n');
      const code = await server.exited;
      // A server killed by the signal never read the FIFO: a reader of our own frees the write.
      closeSync(openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK));
      await writing;
      expect(code).toBe(0);
    },
  );

  it('exits 0 on SIGTERM during start-up, while its workers load the speech engine', async () => {
    const loading = start(['--port', '0'], { EXAMINER_API_KEYS: 'alpha-key-0123456789' });
    await loading.ready;
    loading.child.kill('SIGTERM');
    expect(await loading.exited).toBe(0);
  });

  it('refuses to start without keys', async () => {
    const server = start(['--port', '0']);
    await expect(server.ready).rejects.toThrow('exited with 1');
    expect(server.stderr()).toContain('no API keys');
  });

  it('refuses to start with a key shorter than 16 characters, without showing it', async () => {
    const server = start(['--port', '0'], {
      EXAMINER_API_KEYS: 'long-enough-key-0123456789, x, fifteen-chars-k',
    });
    await expect(server.ready).rejects.toThrow('exited with 1');
    expect(server.stderr().split('\n')[0]).toBe(
      '2 of 3 API keys are shorter than 16 characters, and a short key can be guessed; ' +
        'use long random keys (for example: openssl rand -hex 32)',
    );
    expect(server.stderr()).not.toContain('fifteen-chars-k');
  });
});

interface ScoredEnvelope {
  success: boolean;
  data: { components: Array<{ name: string; score: number }>; error: { code: string } | null };
}

describe.skipIf(missingToolsReason())('serve command scoring speech in workers', () => {
  async function rs(port: number, audioUrl: string, refText: string) {
    const response = await fetch(`http://127.0.0.1:${port}/exam/speaking/rs`, {
      method: 'POST',
      headers: { authorization: 'alpha-key-0123456789', 'content-type': 'application/json' },
      body: JSON.stringify({ audioUrl, refText }),
    });
    return { status: response.status, body: (await response.json()) as ScoredEnvelope };
  }

  it('scores, bounds a 1000-word reference, and drains a running job on SIGTERM', async () => {
    const folder = testFolder('examiner-cli-speech-');
    const file = join(folder, 'answer.wav');
    writeFileSync(file, await spokenReading());
    const audioUrl = pathToFileURL(file).href;
    const server = start(
      ['--port', '0', '--audio-root', folder, '--workers', '1', '--job-timeout', '3'],
      { EXAMINER_API_KEYS: 'alpha-key-0123456789' },
    );
    const port = await server.ready;
    await healthy(port);

    const scored = await rs(port, audioUrl, READING_SENTENCE);
    expect(scored.status).toBe(200);
    expect(scored.body.data.components[0]).toMatchObject({ name: 'score_content', score: 3 });

    // 1000 words is the contract's limit; the answer comes within the 3 s budget either way.
    const longText = Array.from(
      { length: 1000 },
      (_, i) => READING_SENTENCE.split(' ')[i % 8],
    ).join(' ');
    const bounded = await rs(port, audioUrl, longText);
    // Stopped at its time budget (422) or its memory allowance (413) if not scored (200).
    expect([200, 413, 422]).toContain(bounded.status);
    if (bounded.status !== 200) {
      expect(['SCORING_TIMEOUT', 'PAYLOAD_TOO_LARGE']).toContain(bounded.body.data.error?.code);
    }

    const inFlight = rs(port, audioUrl, longText);
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.child.kill('SIGTERM');
    // Drained, not dropped: the job in flight is answered with its own outcome, in the envelope.
    const answered = await inFlight;
    if (answered.status === 200) {
      expect(answered.body.success).toBe(true);
      expect(answered.body.data.components.map((component) => component.name)).toEqual(
        SPEAKING_COMPONENTS,
      );
    } else {
      const code = answered.body.data.error?.code as ErrorCode;
      // Its time budget or memory allowance, or (after a timed-out job) a worker still restarting.
      expect(['SCORING_TIMEOUT', 'PAYLOAD_TOO_LARGE', 'OVERLOADED']).toContain(code);
      expect(answered.body.success).toBe(false);
      expect(answered.status).toBe(ERROR_STATUS[code]);
    }
    expect(await server.exited).toBe(0);
  });
});
