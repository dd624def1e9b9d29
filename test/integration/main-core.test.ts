import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppEvent, Attempt, EngineStatus, Settings } from '../../src/shared/app-api.js';
import type { AppCore } from '../../src/main/core/app-core.js';
import { createAppCore } from '../../src/main/core/create-app-core.js';
import { FileSecretStore } from '../../src/main/secrets/file-secret-store.js';
import { failure, FakeScoringServer, ok } from './main-fake-server.js';
import { waitFor } from './main-harness.js';
import { tempDir } from '../helpers/temp-dir.js';

const FAKE_ENGINE = join(import.meta.dirname, 'main-fake-engine.ts');
const WAV = Buffer.from('RIFF....WAVEfmt fake audio bytes').toString('base64');

interface Seen {
  event: AppEvent;
  payload: unknown;
}

async function startCore(
  dataDir: string,
  modulePath = FAKE_ENGINE,
): Promise<{ core: AppCore; events: Seen[] }> {
  const core = await createAppCore(
    {
      host: 'browser',
      appVersion: '9.9.9',
      dataDir,
      secretStore: new FileSecretStore(join(dataDir, 'api-key')),
      serverEntry: { modulePath, execArgv: ['--import', 'tsx'] },
    },
    {
      client: { retryBaseMs: 20, retryCapMs: 100 },
      queue: { retryBaseMs: 50, retryCapMs: 200 },
      engine: { restartBaseMs: 100 },
    },
  );
  const events: Seen[] = [];
  core.subscribe((event, payload) => events.push({ event, payload }));
  return { core, events };
}

describe('app core', () => {
  let dir: ReturnType<typeof tempDir>;
  let core: AppCore;
  let events: Seen[];
  const call = <T>(method: string, input: unknown = {}): Promise<T> =>
    core.dispatch(method, input) as Promise<T>;

  async function seed(task: 'rs' | 'wfd' = 'rs'): Promise<{ candidateId: number; itemId: number }> {
    const candidate = await call<{ id: number }>('candidates.create', { name: 'Ana Díaz' });
    const item = await call<{ id: number }>('items.create', {
      task,
      title: 'Item',
      refText: 'the cat sat',
    });
    return { candidateId: candidate.id, itemId: item.id };
  }

  function reached(id: number, status: string): Promise<void> {
    const seen = (e: Seen): boolean =>
      e.event === 'attempt.changed' &&
      (e.payload as Attempt).id === id &&
      (e.payload as Attempt).status === status;
    return waitFor(() => events.some(seen), 10_000, `attempt ${id} ${status}`);
  }

  async function engineReady(): Promise<EngineStatus> {
    await waitFor(
      () =>
        events.some(
          (e) => e.event === 'engine.status' && (e.payload as EngineStatus).state === 'ready',
        ),
      20_000,
      'engine ready',
    );
    return call<EngineStatus>('engine.status');
  }

  beforeEach(async () => {
    dir = tempDir();
    ({ core, events } = await startCore(dir.path));
  });

  afterEach(async () => {
    await core.close();
    dir.remove();
  });

  it('answers app.info and default settings', async () => {
    expect(await call('app.info')).toEqual({
      name: 'Examiner',
      version: '9.9.9',
      host: 'browser',
      dataDir: dir.path,
    });
    expect(await call<Settings>('settings.get')).toMatchObject({
      endpointMode: 'embedded',
      recordingsDir: join(dir.path, 'recordings'),
      apiKeySet: false,
    });
  });

  it('starts the embedded engine and scores through it with file: URLs', async () => {
    const status = await engineReady();
    expect(status.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/u);
    const { candidateId, itemId } = await seed();
    const submitted = await call<Attempt>('attempts.submitSpeaking', {
      candidateId,
      itemId,
      audioBase64: WAV,
      mimeType: 'audio/wav',
    });
    await reached(submitted.id, 'scored');
    const detail = await call<{ requestJson: string; scores: { overall: number } }>(
      'attempts.get',
      { id: submitted.id },
    );
    expect(JSON.parse(detail.requestJson).audioUrl).toMatch(/^file:\/\//u);
    expect(detail.scores.overall).toBe(4);
    const audio = await call<{ base64: string; mimeType: string }>('attempts.audio', {
      id: submitted.id,
    });
    expect(audio).toEqual({ base64: WAV, mimeType: 'audio/wav' });
  });

  it('restarts the engine when it dies', async () => {
    const first = await engineReady();
    const health = (await (await fetch(`${first.baseUrl}/health`)).json()) as { pid: number };
    events.length = 0;
    process.kill(health.pid, 'SIGKILL');
    await waitFor(
      () => events.some((e) => (e.payload as EngineStatus).state === 'restarting'),
      5_000,
      'restarting',
    );
    const second = await engineReady();
    expect(second.baseUrl).not.toBe(first.baseUrl);
  });

  it('keeps attempts queued while the engine is missing and says so', async () => {
    await core.close();
    ({ core, events } = await startCore(dir.path, join(dir.path, 'missing-server.js')));
    const { candidateId, itemId } = await seed('wfd');
    const attempt = await call<Attempt>('attempts.submitDictation', {
      candidateId,
      itemId,
      typedAnswer: 'the cat',
    });
    expect(attempt.status).toBe('queued');
    const report = await call<{ ok: boolean; message: string }>('settings.testConnection');
    expect(report).toEqual({ ok: false, message: 'The built-in scoring engine is not ready yet.' });
  });

  describe('with a remote endpoint', () => {
    let server: FakeScoringServer;
    beforeEach(async () => {
      server = new FakeScoringServer();
      server.script = (request) =>
        request.authorization === 'good-key'
          ? ok(request.path.endsWith('wfd') ? 'wfd' : 'rs')
          : failure(401, 'INVALID_API_KEY', 'bad key');
      await server.listen();
      await call('settings.update', { endpointMode: 'remote', remoteBaseUrl: server.url });
    });
    afterEach(() => server.kill());

    it('sets the key without ever handing it back, and tests the connection in words', async () => {
      const long = await call<Settings>('settings.setApiKey', { key: 'sk-long-key-0042' });
      expect(long.apiKeyLastFour).toBe('0042');
      expect(JSON.stringify(long)).not.toContain('sk-long-key');
      const settings = await call<Settings>('settings.setApiKey', { key: 'good-key' });
      expect(settings.apiKeySet).toBe(true);
      // Four of eight characters would give half the key away: a short key shows none.
      expect(settings.apiKeyLastFour).toBeNull();
      expect(JSON.stringify(settings)).not.toContain('good-key');
      const report = await call<{ ok: boolean; message: string }>('settings.testConnection');
      expect(report.ok).toBe(true);
      expect(report.message).toMatch(/^Connected: the scoring service answered in \d+\.\d\d s/u);
      expect(server.seen.at(-1)?.body).toEqual({ question: 'test', responseUser: 'test' });

      await call('settings.setApiKey', { key: 'wrong' });
      expect(await call('settings.testConnection')).toEqual({
        ok: false,
        // Said on the Settings page itself, so it says where there, not "in Settings".
        message: 'The API key was refused. Set the right key under "API key" on this page.',
      });

      await server.kill();
      const down = await call<{ message: string }>('settings.testConnection');
      expect(down.message).toMatch(/^Could not reach the scoring service at 127\.0\.0\.1:\d+\.$/u);

      expect((await call<Settings>('settings.clearApiKey')).apiKeySet).toBe(false);
      expect(await call<EngineStatus>('engine.status')).toMatchObject({
        state: 'remote',
        baseUrl: server.url,
      });
    });

    it('refuses a key that no Authorization header can carry, keeping the old one', async () => {
      await call('settings.setApiKey', { key: 'good-key' });
      for (const key of ['bad\nkey', 'clé-ünïcode', 'zero\u200bwidth']) {
        await expect(call('settings.setApiKey', { key })).rejects.toThrow(
          'The API key may hold only letters, digits and ASCII symbols.',
        );
      }
      const pasted = await call<Settings>('settings.setApiKey', { key: '  good-key\n' });
      expect(pasted.apiKeySet).toBe(true);
      expect((await call<{ ok: boolean }>('settings.testConnection')).ok).toBe(true);
    });

    it('sends attempts refused for their key again once the key is changed', async () => {
      await call('settings.setApiKey', { key: 'wrong' });
      const { candidateId, itemId } = await seed('wfd');
      const attempt = await call<Attempt>('attempts.submitDictation', {
        candidateId,
        itemId,
        typedAnswer: 'the cat',
      });
      await reached(attempt.id, 'failed_permanent');
      await call('settings.setApiKey', { key: 'good-key' });
      await reached(attempt.id, 'scored');
    });

    it('sends recordings as data: URLs, or under the media base URL when one is set', async () => {
      await call('settings.setApiKey', { key: 'good-key' });
      const { candidateId, itemId } = await seed();
      const first = await call<Attempt>('attempts.submitSpeaking', {
        candidateId,
        itemId,
        audioBase64: WAV,
        mimeType: 'audio/wav',
      });
      await waitFor(() => server.seen.length === 1, 5_000, 'first request');
      expect(server.seen[0]?.body.audioUrl).toBe(`data:audio/wav;base64,${WAV}`);
      await call('settings.update', { mediaBaseUrl: 'https://media.example.org/rec/' });
      await call<Attempt>('attempts.submitSpeaking', {
        candidateId,
        itemId,
        audioBase64: WAV,
        mimeType: 'audio/wav',
      });
      await waitFor(() => server.seen.length === 2, 5_000, 'second request');
      const name = first.audioPath!.split('/').pop()!;
      expect(server.seen[1]?.body.audioUrl).toMatch(
        /^https:\/\/media\.example\.org\/rec\/.+\.wav$/u,
      );
      expect(name).toMatch(/\.wav$/u);
    });
  });

  it('refuses a recordings folder it cannot write, and still starts if one goes away', async () => {
    writeFileSync(join(dir.path, 'a-file'), '');
    await expect(
      call('settings.update', { recordingsDir: join(dir.path, 'a-file', 'recordings') }),
    ).rejects.toThrow(
      /^The recordings folder .* cannot be created or written: .* is a file, not a folder\. Choose another/u,
    );
    expect((await call<Settings>('settings.get')).recordingsDir).toBe(join(dir.path, 'recordings'));

    const removable = join(dir.path, 'usb-stick', 'recordings');
    await call('settings.update', { recordingsDir: removable });
    await core.close();
    rmSync(join(dir.path, 'usb-stick'), { recursive: true });
    writeFileSync(join(dir.path, 'usb-stick'), '');
    ({ core, events } = await startCore(dir.path));
    const { candidateId, itemId } = await seed();
    await expect(
      call('attempts.submitSpeaking', {
        candidateId,
        itemId,
        audioBase64: WAV,
        mimeType: 'audio/wav',
      }),
    ).rejects.toThrow(
      /^The recording could not be saved in .*usb-stick.*Check the recordings folder/u,
    );
    expect((await call<{ total: number }>('attempts.list', {})).total).toBe(0);
  });

  it('validates input and answers in words', async () => {
    await expect(call('candidates.create', { name: '  ' })).rejects.toMatchObject({
      message: 'Name is required',
    });
    await expect(
      call('settings.update', { endpointMode: 'remote', remoteBaseUrl: '' }),
    ).rejects.toMatchObject({
      message: 'Enter the scoring service address before choosing a remote service.',
    });
    await expect(call('attempts.get', { id: 12345 })).rejects.toMatchObject({
      message: 'That attempt no longer exists.',
    });
  });

  it('pages history newest first with a total', async () => {
    const { candidateId, itemId } = await seed('wfd');
    for (let i = 0; i < 5; i += 1)
      await call('attempts.submitDictation', { candidateId, itemId, typedAnswer: `a${i}` });
    const first = await call<{ rows: Attempt[]; total: number }>('attempts.list', {
      filter: { candidateId },
      limit: 2,
    });
    expect(first.total).toBe(5);
    expect(first.rows.map((r) => r.typedAnswer)).toEqual(['a4', 'a3']);
    const next = await call<{ rows: Attempt[] }>('attempts.list', {
      filter: { candidateId },
      limit: 2,
      beforeId: first.rows[1]!.id,
    });
    expect(next.rows.map((r) => r.typedAnswer)).toEqual(['a2', 'a1']);
  });

  it('refuses to delete an item in use, and deletes a candidate with their attempts', async () => {
    const { candidateId, itemId } = await seed('wfd');
    const attempt = await call<Attempt>('attempts.submitDictation', {
      candidateId,
      itemId,
      typedAnswer: 'x',
    });
    await expect(call('items.delete', { id: itemId })).rejects.toMatchObject({
      message: expect.stringMatching(/has 1 attempt/u),
    });
    await expect(
      call('candidates.delete', { id: candidateId, confirm: 'someone' }),
    ).rejects.toThrow(/Type the candidate's name/u);
    expect((await call<{ rows: Attempt[] }>('attempts.list', {})).rows).toHaveLength(1);
    const { name } = await call<{ name: string }>('candidates.deletionSummary', {
      id: candidateId,
    });
    await call('candidates.delete', { id: candidateId, confirm: name });
    expect(events).toContainEqual({ event: 'attempt.deleted', payload: { id: attempt.id } });
    await call('items.delete', { id: itemId });
    expect((await call<{ sample: boolean }[]>('items.list')).filter((i) => !i.sample)).toEqual([]);
  });

  it('writes a log without keys', async () => {
    await call('settings.setApiKey', { key: 'never-in-the-log-123' });
    await call('settings.testConnection');
    await core.close();
    ({ core, events } = await startCore(dir.path));
    const logs = join(dir.path, 'logs');
    expect(existsSync(logs)).toBe(true);
    const text = readdirSync(logs)
      .map((f) => readFileSync(join(logs, f), 'utf8'))
      .join('');
    expect(text).toContain('app core started');
    expect(text).not.toContain('never-in-the-log-123');
  });
});
