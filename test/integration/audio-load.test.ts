import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAudio } from '../../src/engine/audio/index.js';
import type { AudioPolicy } from '../../src/engine/tasks/index.js';
import {
  clippedWav,
  missingToolsReason,
  readAudioFixture,
  silentWav,
  synthesizeSpeech,
} from '../helpers/speech-fixtures.js';

const tools = missingToolsReason();
const SENTENCE = 'I think the most important thing is to practise every day.';

let root: string;
let server: Server;
let base: string;
const files = new Map<string, Uint8Array>();

function policy(overrides: Partial<AudioPolicy> = {}): AudioPolicy {
  return {
    audioRoots: [root],
    blockPrivateNetworks: false,
    maxBytes: 5_000_000,
    maxDurationSeconds: 30,
    fetchTimeoutMs: 5000,
    ...overrides,
  };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'examiner-audio-load-'));
  files.set('/silence.wav', silentWav(2));
  files.set('/recording.webm', await readAudioFixture('speech-chromium.webm'));
  files.set('/page.html', new TextEncoder().encode('<!doctype html><title>Not audio</title>'));
  if (!tools) {
    const speech = await synthesizeSpeech(SENTENCE);
    files.set('/speech.wav', speech);
    files.set('/clipped.wav', await clippedWav(speech));
  }
  for (const [name, bytes] of files) await writeFile(join(root, name), bytes);
  server = createServer((req, res) => {
    const body = files.get(req.url ?? '');
    // The Content-Type is wrong on purpose: the format must come from the bytes.
    if (body) res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

describe('loadAudio', () => {
  it("loads the desktop app's WebM recording over http", async () => {
    const { audio, quality } = await loadAudio(`${base}/recording.webm`, policy());
    expect(audio.sampleRate).toBe(16000);
    expect(audio.durationSeconds).toBeGreaterThan(2.8);
    expect(quality.silent).toBe(false);
  });

  it.skipIf(tools)('loads speech from a file: URL and from a data: URL alike', async () => {
    const fromFile = await loadAudio(pathToFileURL(join(root, 'speech.wav')).href, policy());
    const dataUrl = `data:audio/wav;base64,${Buffer.from(files.get('/speech.wav')!).toString('base64')}`;
    const fromData = await loadAudio(dataUrl, policy());
    expect(fromData.audio.samples).toEqual(fromFile.audio.samples);
    expect(fromFile.quality).toMatchObject({ silent: false, clipped: false });
  });

  it.skipIf(tools)('returns clipping as a caution rather than refusing', async () => {
    const { quality } = await loadAudio(`${base}/clipped.wav`, policy());
    expect(quality).toMatchObject({ clipped: true, silent: false });
  });

  it('refuses silence with NO_SPEECH', async () => {
    await expect(loadAudio(`${base}/silence.wav`, policy())).rejects.toEqual(
      expect.objectContaining({ code: 'NO_SPEECH', field: 'audioUrl' }),
    );
  });

  it('refuses audio over the duration limit with AUDIO_TOO_LONG', async () => {
    await expect(
      loadAudio(`${base}/recording.webm`, policy({ maxDurationSeconds: 2 })),
    ).rejects.toEqual(expect.objectContaining({ code: 'AUDIO_TOO_LONG' }));
  });

  it('refuses a web page served in place of audio with AUDIO_UNREADABLE', async () => {
    await expect(loadAudio(`${base}/page.html`, policy())).rejects.toEqual(
      expect.objectContaining({ code: 'AUDIO_UNREADABLE' }),
    );
  });

  it('refuses a missing file with AUDIO_FETCH_FAILED', async () => {
    await expect(loadAudio(`${base}/gone.wav`, policy())).rejects.toEqual(
      expect.objectContaining({ code: 'AUDIO_FETCH_FAILED' }),
    );
  });
});
