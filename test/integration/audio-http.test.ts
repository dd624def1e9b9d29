import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchAudio } from '../../src/engine/audio/fetch.js';
import type { AudioPolicy } from '../../src/engine/tasks/index.js';
import { encodeWav } from '../helpers/speech-fixtures.js';

const wav = encodeWav(new Float32Array(16000).map((_, i) => Math.sin(i / 5) * 0.5));
const MEGABYTE = new Uint8Array(1 << 20);

function policy(overrides: Partial<AudioPolicy> = {}): AudioPolicy {
  return {
    audioRoots: [],
    blockPrivateNetworks: false,
    maxBytes: 100_000,
    maxDurationSeconds: 60,
    fetchTimeoutMs: 3000,
    ...overrides,
  };
}

function scoringError(code: string) {
  return expect.objectContaining({ name: 'ScoringError', code, field: 'audioUrl' });
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const redirect =
  (location: string): Handler =>
  (_req, res) =>
    res.writeHead(302, { location }).end();

/** Writes a megabyte at a time until the client hangs up; counts what it managed to send. */
let streamedBytes = 0;
const endless: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'audio/wav' });
  const pump = () => {
    while (!res.destroyed && res.write(MEGABYTE)) streamedBytes += MEGABYTE.length;
    if (!res.destroyed && streamedBytes < 200 * MEGABYTE.length) res.once('drain', pump);
  };
  pump();
};

const routes: Record<string, Handler> = {
  '/audio.wav': (_req, res) =>
    res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': wav.length }).end(wav),
  '/redirect/0': redirect('/audio.wav'),
  '/redirect/1': redirect('/redirect/0'),
  '/redirect/2': redirect('/redirect/1'),
  '/redirect/3': redirect('/redirect/2'),
  '/relative': redirect('audio.wav'),
  '/no-location': (_req, res) => res.writeHead(302).end(),
  '/to-ftp': redirect('ftp://example.com/a.wav'),
  '/missing': (_req, res) => res.writeHead(404).end('not here'),
  '/error': (_req, res) => res.writeHead(500).end(),
  '/declared-big': (_req, res) =>
    res.writeHead(200, { 'content-length': 10 * MEGABYTE.length }).write(MEGABYTE),
  '/endless': endless,
  '/no-headers': () => undefined,
  '/stalled-body': (_req, res) =>
    res.writeHead(200, { 'content-length': wav.length }).write(wav.subarray(0, 100)),
};

let server: Server;
let base: string;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    (routes[req.url ?? ''] ?? routes['/missing']!)(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('fetchAudio over http', () => {
  it('fetches the body byte for byte', async () => {
    expect(
      Buffer.from(await fetchAudio(`${base}/audio.wav`, policy())).equals(Buffer.from(wav)),
    ).toBe(true);
  });

  it('follows up to three redirects, relative ones included', async () => {
    expect((await fetchAudio(`${base}/redirect/2`, policy())).length).toBe(wav.length);
    expect((await fetchAudio(`${base}/relative`, policy())).length).toBe(wav.length);
  });

  it('gives up after three redirects', async () => {
    const error = fetchAudio(`${base}/redirect/3`, policy());
    await expect(error).rejects.toEqual(scoringError('AUDIO_FETCH_FAILED'));
    await expect(error).rejects.toThrow(/more than 3/);
  });

  it('refuses redirects away from http and redirects without a target', async () => {
    await expect(fetchAudio(`${base}/to-ftp`, policy())).rejects.toEqual(
      scoringError('AUDIO_FETCH_FAILED'),
    );
    await expect(fetchAudio(`${base}/no-location`, policy())).rejects.toEqual(
      scoringError('AUDIO_FETCH_FAILED'),
    );
  });

  it('reports HTTP failures with their status', async () => {
    await expect(fetchAudio(`${base}/missing`, policy())).rejects.toThrow(/HTTP 404/);
    await expect(fetchAudio(`${base}/error`, policy())).rejects.toEqual(
      scoringError('AUDIO_FETCH_FAILED'),
    );
  });

  it('refuses a declared length over the cap without reading the body', async () => {
    await expect(fetchAudio(`${base}/declared-big`, policy())).rejects.toEqual(
      scoringError('PAYLOAD_TOO_LARGE'),
    );
  });

  it('stops streaming as soon as an undeclared body passes the cap', async () => {
    streamedBytes = 0;
    await expect(
      fetchAudio(`${base}/endless`, policy({ maxBytes: 3 * MEGABYTE.length })),
    ).rejects.toEqual(scoringError('PAYLOAD_TOO_LARGE'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(streamedBytes).toBeLessThan(50 * MEGABYTE.length);
  });

  it('times out a server that never answers, and one that stalls mid-body', async () => {
    for (const path of ['/no-headers', '/stalled-body']) {
      const started = Date.now();
      const error = fetchAudio(`${base}${path}`, policy({ fetchTimeoutMs: 400 }));
      await expect(error).rejects.toEqual(scoringError('AUDIO_FETCH_FAILED'));
      expect(Date.now() - started).toBeLessThan(3000);
    }
  });

  it('reports a refused connection as a failed fetch', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(fetchAudio(`http://127.0.0.1:${port}/a.wav`, policy())).rejects.toEqual(
      scoringError('AUDIO_FETCH_FAILED'),
    );
  });

  it("passes the caller's abort through instead of calling it a fetch failure", async () => {
    const controller = new AbortController();
    const pending = fetchAudio(`${base}/no-headers`, policy(), controller.signal);
    setTimeout(() => controller.abort(new Error('request cancelled')), 50);
    await expect(pending).rejects.toThrow('request cancelled');
  });

  it('refuses credentials in the URL', async () => {
    await expect(
      fetchAudio(base.replace('http://', 'http://user:pw@') + '/audio.wav', policy()),
    ).rejects.toEqual(scoringError('INVALID_PARAMETER'));
  });
});

describe('fetchAudio with blockPrivateNetworks', () => {
  it.each(['127.0.0.1', 'localhost', '[::1]', '[::ffff:127.0.0.1]', '0.0.0.0'])(
    'refuses %s without connecting',
    async (host) => {
      const before = requests.length;
      const port = new URL(base).port;
      await expect(
        fetchAudio(`http://${host}:${port}/audio.wav`, policy({ blockPrivateNetworks: true })),
      ).rejects.toEqual(scoringError('INVALID_PARAMETER'));
      expect(requests.length).toBe(before);
    },
  );
});
