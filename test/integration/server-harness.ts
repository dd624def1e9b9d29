import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createSpeakingScorer } from '../../src/engine/tasks/index.js';
import type { SpeakingScorer, SpeakingResult } from '../../src/engine/tasks/index.js';
import { buildServer, type ServerOptions } from '../../src/server/app.js';
import type { SpeakingTask } from '../../src/shared/contract/endpoints.js';
import type { SpeakingRequest } from '../../src/shared/contract/requests.js';
import { componentMax, quantize, scoreFraction } from '../../src/shared/contract/quantize.js';

export const API_KEY = 'test-key-3f9a0c1e7b';

export interface RunningServer {
  app: FastifyInstance;
  baseUrl: string;
  logs: () => string;
  close: () => Promise<void>;
}

/** A real server on a loopback port, its log lines captured in memory. */
export async function startServer(options: Partial<ServerOptions> = {}): Promise<RunningServer> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const app = buildServer({
    apiKeys: [API_KEY],
    rateLimit: false,
    logger: { level: 'debug', stream },
    ...options,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('server has no port');
  return {
    app,
    baseUrl: `http://127.0.0.1:${address.port}`,
    logs: () => lines.join(''),
    close: () => app.close(),
  };
}

/** A real server on the real speech engine, reading `file:` audio from `audioRoots` only. */
export async function startSpeechServer(audioRoots: string[]): Promise<RunningServer> {
  const speakingScorer = await createSpeakingScorer({
    audioRoots,
    blockPrivateNetworks: true,
    maxBytes: 20 * 2 ** 20,
    maxDurationSeconds: 120,
    fetchTimeoutMs: 10_000,
  });
  return startServer({ speakingScorer });
}

export interface SpeechServerFixture {
  server: () => RunningServer;
  /** The folder the server may read answers from. */
  folder: () => string;
  /** Saves an answer in the folder and returns its `file:` URL. */
  answerUrl: (audio: Uint8Array) => Promise<string>;
}

/** A real speech server for the enclosing `describe`, with a folder of answers it may read. */
export function useSpeechServer(prefix: string): SpeechServerFixture {
  let server: RunningServer | undefined;
  let folder = '';
  let saved = 0;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), prefix));
    server = await startSpeechServer([folder]);
  });
  afterAll(async () => {
    await server?.close();
    await rm(folder, { recursive: true, force: true });
  });
  return {
    server: () => server!,
    folder: () => folder,
    async answerUrl(audio) {
      saved += 1;
      const path = join(folder, `answer-${saved}.wav`);
      await writeFile(path, audio);
      return pathToFileURL(path).href;
    },
  };
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** A Repeat Sentence request as the tests send it: scale 5, precision 0.1. */
export function postRepeatSentence(
  server: RunningServer,
  audioUrl: string,
  refText: string,
): Promise<HttpAnswer> {
  return post(server, '/exam/speaking/rs', { audioUrl, refText, scale: 5, precision: 0.1 });
}

export async function post(
  server: RunningServer,
  path: string,
  body: unknown,
  headers: Record<string, string> = { authorization: API_KEY, 'content-type': 'application/json' },
): Promise<HttpAnswer> {
  const response = await fetch(server.baseUrl + path, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** processTime is real time: checked for type, then fixed so bodies compare exactly. */
export function withFixedTime(body: unknown): unknown {
  const envelope = body as { processTime?: unknown };
  if (typeof envelope.processTime !== 'number' || envelope.processTime < 0) {
    throw new Error(`processTime is not a non-negative number: ${String(envelope.processTime)}`);
  }
  return { ...envelope, processTime: 0 };
}

export function failure(code: string, message: string, field: string | null = null) {
  return {
    success: false,
    message,
    version: '0.1.0',
    processTime: 0,
    data: { components: [], words: [], error: { code, message, field } },
  };
}

const FAKE_WORDS: SpeakingResult['words'] = [
  {
    word: 'hello',
    label: 'Good',
    start: 120,
    end: 480,
    pronunciation: 4.5,
    phonemes: [{ value: 'h', pronunciation: 4.5 }],
    phonics: [{ spell: 'h', phoneme: ['h'], overall: 4.5 }],
    duration: null,
    userStress: null,
    unsure: true,
  },
  {
    word: '',
    label: 'Pause',
    start: 0,
    end: 0,
    pronunciation: 0,
    phonemes: null,
    phonics: null,
    duration: 650,
    userStress: null,
  },
];

/** Stands in for the speech engine, to check how the server shapes what an engine returns. */
export class FakeSpeakingScorer implements SpeakingScorer {
  readonly calls: Array<{ task: SpeakingTask; request: SpeakingRequest }> = [];
  closed = false;

  constructor(
    private readonly behaviour: (signal?: AbortSignal) => Promise<void> = async () => {},
  ) {}

  async score(
    task: SpeakingTask,
    request: SpeakingRequest,
    signal?: AbortSignal,
  ): Promise<SpeakingResult> {
    this.calls.push({ task, request });
    await this.behaviour(signal);
    const on = { scale: request.scale, precision: request.precision };
    const component = (name: string, fraction: number, nativeMax: number, status = 0) => ({
      name,
      score: quantize(
        fraction * componentMax(nativeMax, on.scale),
        componentMax(nativeMax, on.scale),
        on.precision,
      ),
      suggestion: status === 1 ? 'Stress the long vowels.' : null,
      maxScore: componentMax(nativeMax, on.scale),
      status,
      privateNotes: 'engine-internal note',
    });
    const fractions = [0.8, 0.8, 0.7];
    return {
      components: [
        component('score_content', fractions[0]!, task === 'rs' ? 3 : 5),
        component('score_pronunciation', fractions[1]!, 5, 1),
        component('score_fluency', fractions[2]!, 5),
        { ...component('overall', 0, 0), score: scoreFraction((0.8 + 0.8 + 0.7) / 3, on) },
      ],
      words: FAKE_WORDS,
      transcription: 'hello',
      // Every task's result carries them; the server passes them on for rl and di only.
      keyPoints: [{ text: 'hello', heard: true, confidence: 0.9, start: 120, end: 480 }],
    };
  }

  async close() {
    this.closed = true;
  }
}

export interface PartialAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface Upload {
  /** The answer, whether or not the rest of the body was ever sent. */
  answer: Promise<PartialAnswer>;
  /** Sends more of the body. */
  write: (bytes: Buffer) => void;
  /** Drops the connection. */
  abort: () => void;
}

/**
 * A POST that declares `declaredBytes` of body but sends only `first`, then waits: a server
 * that must read the whole body before answering would never answer.
 */
export function openUpload(
  server: RunningServer,
  path: string,
  declaredBytes: number,
  first: Buffer,
  key = API_KEY,
): Upload {
  const req = request(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: key,
      'content-type': 'application/json',
      'content-length': declaredBytes,
    },
  });
  const answer = new Promise<PartialAnswer>((resolve, reject) => {
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        });
        req.destroy();
      });
    });
    req.on('error', reject);
  });
  answer.catch(() => {}); // an upload dropped unanswered is not a failure of the test
  req.write(first);
  return { answer, write: (bytes) => req.write(bytes), abort: () => req.destroy() };
}

/** The first `sendBytes` of `body`, its whole length declared. */
export function sendPart(
  server: RunningServer,
  path: string,
  body: Buffer,
  sendBytes: number,
): Promise<PartialAnswer> {
  return openUpload(server, path, body.length, body.subarray(0, sendBytes)).answer;
}
