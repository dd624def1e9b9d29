/**
 * Issue 13's attacks, over real HTTP: against the real server process (real audio loading and
 * decoding, its memory read from /proc) and against an in-process server for the envelope.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_PATHS } from '../../src/shared/contract/endpoints.js';
import { serverReadyPort } from '../../src/shared/server-ready.js';
import { silence, wideOggOpus, wideWebmOpus } from '../helpers/audio-bombs.js';
import { missingToolsReason } from '../helpers/speech-fixtures.js';
import {
  API_KEY,
  FakeSpeakingScorer,
  failure,
  post,
  startServer,
  withFixedTime,
  type RunningServer,
} from './server-harness.js';

const RS = { audioUrl: 'https://audio.example/rs.wav', refText: 'hello there' };

/** Sends raw bytes and returns the raw answer, so that nothing in between tidies it up. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parseRaw(answer: string): { status: number; type: string; body: unknown } {
  const [head, body] = answer.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head ?? '')?.[1]);
  const type = /content-type: ([^\r]+)/i.exec(head ?? '')?.[1] ?? '';
  return { status, type, body: JSON.parse(body ?? '') };
}

describe('the envelope, for every refusal', () => {
  let server: RunningServer;
  let port: number;

  beforeAll(async () => {
    server = await startServer({ speakingScorer: new FakeSpeakingScorer() });
    port = Number(new URL(server.baseUrl).port);
  });
  afterAll(() => server.close());

  it.each(['rs', 'rl', 'di'] as const)('scores %s with precision 5e-324', async (task) => {
    const answer = await post(server, ENDPOINT_PATHS[task], { ...RS, precision: 5e-324 });
    expect(answer.status).toBe(200);
    const components = (answer.body as { data: { components: { score: number }[] } }).data
      .components;
    expect(components.map((c) => c.score)).toEqual([task === 'rs' ? 2.4 : 4, 4, 3.5, 3.8333333333]);
  });

  it('answers headers of 16 KB and more with the envelope and 431', async () => {
    const big = 'x'.repeat(17 * 1024);
    const answer = parseRaw(
      await rawExchange(port, `GET /health HTTP/1.1\r\nHost: a\r\nX-Big: ${big}\r\n\r\n`),
    );
    expect(answer.status).toBe(431);
    expect(answer.type).toBe('application/json; charset=utf-8');
    expect(answer.body).toEqual(failure('PAYLOAD_TOO_LARGE', 'request headers exceed 16 KB'));
  });

  it.each([
    ['a header line without a colon', 'GET /health HTTP/1.1\r\nHost: a\r\nbroken header\r\n\r\n'],
    ['a request line that is not HTTP', 'HELLO\r\n\r\n'],
    [
      'a bad Content-Length',
      'POST /exam/listening/wfd HTTP/1.1\r\nHost: a\r\nContent-Length: x\r\n\r\n',
    ],
  ])('answers %s with the envelope and 400', async (_name, request) => {
    const answer = parseRaw(await rawExchange(port, request));
    expect(answer.status).toBe(400);
    expect(answer.type).toBe('application/json; charset=utf-8');
    expect(answer.body).toEqual(failure('INVALID_JSON', 'the request is not well-formed HTTP'));
  });

  it('refuses a 32 MB body nested a million levels deep, and keeps serving', async () => {
    const depth = 16 * 1024 * 1024 - 16;
    const body = `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const answer = await post(server, ENDPOINT_PATHS.wfd, body);
    expect(answer.status).toBe(400);
    expect(withFixedTime(answer.body)).toEqual(
      failure('INVALID_JSON', 'request body nests deeper than 32 levels'),
    );
    expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);
  });

  it('still reads strings full of brackets and escaped quotes as ordinary JSON', async () => {
    const tricky = `[[[[ \\" ${'{'.repeat(100)} ]]`;
    const answer = await post(server, ENDPOINT_PATHS.wfd, {
      question: 'Hello world',
      responseUser: tricky,
    });
    expect(answer.status).toBe(200);
  });
});

const tools = missingToolsReason();
const linux = process.platform === 'linux';

/** The real server as the app runs it, in its own process, with one audio root. */
async function startServerProcess(root: string): Promise<{ child: ChildProcess; port: number }> {
  // Node itself, not the tsx wrapper: its memory is the server's, and SIGKILL reaches it.
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/server/cli.ts',
      '--port',
      '0',
      '--audio-root',
      root,
      '--rate-limit',
      '0',
    ],
    {
      env: { ...process.env, EXAMINER_API_KEYS: API_KEY },
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const ready = serverReadyPort(line);
      if (ready !== null) resolve(ready);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  // The speech model loads after the ready line; bombs must meet the real engine, not a 503.
  while ((await fetch(`http://127.0.0.1:${port}/health`)).status !== 200) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { child, port };
}

function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024;
}

async function scoreFile(port: number, path: string): Promise<{ status: number; code: string }> {
  const response = await fetch(`http://127.0.0.1:${port}${ENDPOINT_PATHS.rs}`, {
    method: 'POST',
    headers: { authorization: API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ audioUrl: pathToFileURL(path).href, refText: 'hello there' }),
  });
  const body = (await response.json()) as { data: { error: { code: string } | null } };
  return { status: response.status, code: body.data.error?.code ?? 'none' };
}

describe.skipIf(tools || !linux)('the real server process under attack', () => {
  const dir = mkdtempSync(join(tmpdir(), 'examiner-attack-'));
  const root = join(dir, 'root');
  const outside = join(dir, 'outside');
  let server: { child: ChildProcess; port: number };
  let pid: number;

  beforeAll(async () => {
    mkdirSync(root);
    mkdirSync(outside);
    server = await startServerProcess(root);
    pid = server.child.pid!;
  }, 120_000);
  afterAll(() => {
    server?.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses compression bombs quickly, from their headers, with memory kept low', async () => {
    const bombs: Record<string, Uint8Array> = {
      'flac-8ch-192k.flac': await silence(60, {
        type: 'flac',
        rate: 192000,
        channels: 8,
        bits: 16,
      }),
      'flac-655k.flac': await silence(170, { type: 'flac', rate: 655350, channels: 1, bits: 16 }),
      'flac-8ch-96k.flac': await silence(170, { type: 'flac', rate: 96000, channels: 8, bits: 16 }),
      'opus-255ch.ogg': await wideOggOpus(255),
      'opus-255ch.webm': await wideWebmOpus(255),
    };
    for (const [name, bytes] of Object.entries(bombs)) writeFileSync(join(root, name), bytes);
    const before = memoryMb(pid, 'VmRSS');
    writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets the peak (VmHWM) to the current RSS
    for (const name of Object.keys(bombs)) {
      expect(await scoreFile(server.port, join(root, name)), name).toEqual({
        status: 422,
        code: 'AUDIO_UNREADABLE',
      });
    }
    const peakGrowth = memoryMb(pid, 'VmHWM') - before;
    const afterGrowth = memoryMb(pid, 'VmRSS') - before;
    console.log(
      `bombs: peak RSS +${peakGrowth.toFixed(0)} MB, after +${afterGrowth.toFixed(0)} MB`,
    );
    // Decoded, the first two alone would take gigabytes; refused, they cost their file bytes.
    expect(peakGrowth).toBeLessThan(150);
    expect(afterGrowth).toBeLessThan(100);
  }, 120_000);

  it('refuses FIFOs under the audio root at once, without taking job slots', async () => {
    const fifos = Array.from({ length: 8 }, (_, i) => join(root, `fifo-${i}.wav`));
    for (const fifo of fifos) expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    // One after another: a FIFO whose open waited for a writer would hold its job slot for good.
    for (const fifo of fifos) {
      expect(await scoreFile(server.port, fifo)).toEqual({
        status: 400,
        code: 'INVALID_PARAMETER',
      });
    }
  });

  it('never reads outside the root while a folder is swapped for a symlink', async () => {
    // Inside: bytes that are not audio. Outside: real (silent) audio, so reading it shows.
    mkdirSync(join(root, 'd'));
    writeFileSync(join(root, 'd', 'a.wav'), 'not audio at all, only text');
    mkdirSync(join(outside, 'd'));
    writeFileSync(
      join(outside, 'd', 'a.wav'),
      await silence(1, { type: 'wav', rate: 16000, channels: 1, bits: 16 }),
    );
    const swapper = spawn(process.execPath, [
      '-e',
      `const fs = require('fs');
       const [dir, outside] = process.argv.slice(1);
       for (;;) {
         fs.renameSync(dir + '/d', dir + '/d-real');
         fs.symlinkSync(outside + '/d', dir + '/d');
         fs.unlinkSync(dir + '/d');
         fs.renameSync(dir + '/d-real', dir + '/d');
       }`,
      root,
      outside,
    ]);
    try {
      const codes = new Map<string, number>();
      // Two at a time stays within the job slots of any machine (twice the cores).
      for (let round = 0; round < 200; round++) {
        const answers = await Promise.all(
          Array.from({ length: 2 }, () => scoreFile(server.port, join(root, 'd', 'a.wav'))),
        );
        for (const { code } of answers) codes.set(code, (codes.get(code) ?? 0) + 1);
      }
      console.log('symlink race answers:', Object.fromEntries(codes));
      // NO_SPEECH would mean the outside (silent) file was read and decoded.
      expect(codes.has('NO_SPEECH')).toBe(false);
      expect([...codes.keys()].every((code) => code !== 'none')).toBe(true);
      expect(codes.get('AUDIO_UNREADABLE')).toBeGreaterThan(0);
    } finally {
      swapper.kill('SIGKILL');
    }
  }, 120_000);
});
