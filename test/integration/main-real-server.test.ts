import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attempt, EngineStatus } from '../../src/shared/app-api.js';
import type { AppCore } from '../../src/main/core/app-core.js';
import { createAppCore } from '../../src/main/core/create-app-core.js';
import { FileSecretStore } from '../../src/main/secrets/file-secret-store.js';
import { waitFor } from './main-harness.js';
import { tempDir } from '../helpers/temp-dir.js';

const SERVER = join(import.meta.dirname, '..', '..', 'src', 'server', 'cli.ts');

/** One second of 16 kHz mono silence as a WAV file. */
function silentWav(): Buffer {
  const samples = 16_000;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples * 2, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples * 2, 40);
  return Buffer.concat([header, Buffer.alloc(samples * 2)]);
}

describe.skipIf(!existsSync(SERVER))('app core with the real embedded scoring server', () => {
  const dir = tempDir();
  let core: AppCore;
  const changes: Attempt[] = [];
  const call = <T>(method: string, input: unknown = {}): Promise<T> =>
    core.dispatch(method, input) as Promise<T>;

  beforeAll(async () => {
    core = await createAppCore({
      host: 'browser',
      appVersion: '0.0.0-test',
      dataDir: dir.path,
      secretStore: new FileSecretStore(join(dir.path, 'api-key')),
      serverEntry: { modulePath: SERVER, execArgv: ['--import', 'tsx'] },
    });
    let state = '';
    core.subscribe((event, payload) => {
      if (event === 'attempt.changed') changes.push(payload as Attempt);
      if (event === 'engine.status') state = (payload as EngineStatus).state;
    });
    if (state === '') state = (await call<EngineStatus>('engine.status')).state;
    await waitFor(() => state === 'ready', 90_000, 'embedded engine ready');
  });

  afterAll(async () => {
    await core.close();
    dir.remove();
  });

  it('connects with its own key and scores a dictation', async () => {
    const report = await call<{ ok: boolean; message: string }>('settings.testConnection');
    expect(report.ok).toBe(true);
    expect(report.message).toMatch(/^Connected: the scoring service answered in/u);
    const candidate = await call<{ id: number }>('candidates.create', { name: 'Real' });
    const item = await call<{ id: number }>('items.create', {
      task: 'wfd',
      title: 'Dictation',
      refText: 'the cat sat on the mat',
    });
    const attempt = await call<Attempt>('attempts.submitDictation', {
      candidateId: candidate.id,
      itemId: item.id,
      typedAnswer: 'the cat sat on a mat',
    });
    await waitFor(
      () => changes.some((a) => a.id === attempt.id && a.status === 'scored'),
      20_000,
      'scored',
    );
    const detail = await call<Attempt>('attempts.get', { id: attempt.id });
    expect(detail.scores.words).not.toBeNull();
  });

  it('sends a recording by file: URL under its audio root and ends in a final state', async () => {
    const candidate = await call<{ id: number }>('candidates.create', { name: 'Speaker' });
    const item = await call<{ id: number }>('items.create', {
      task: 'rs',
      title: 'Repeat',
      refText: 'the cat sat',
    });
    const attempt = await call<Attempt>('attempts.submitSpeaking', {
      candidateId: candidate.id,
      itemId: item.id,
      audioBase64: silentWav().toString('base64'),
      mimeType: 'audio/wav',
    });
    const final = new Set(['scored', 'failed_permanent']);
    await waitFor(
      () => changes.some((a) => a.id === attempt.id && final.has(a.status)),
      60_000,
      'final',
    );
    const detail = await call<{ status: string; errorMessage: string | null; requestJson: string }>(
      'attempts.get',
      { id: attempt.id },
    );
    expect(JSON.parse(detail.requestJson).audioUrl).toMatch(/^file:\/\//u);
    // Silence may be scored low or refused as "no speech"; never a fetch or parsing failure.
    expect(detail.errorMessage ?? '').not.toMatch(/could not (fetch|read)/u);
  });
});
