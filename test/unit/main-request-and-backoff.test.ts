import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/shared/app-api.js';
import { buildRequest, type AudioRoute } from '../../src/main/queue/request-builder.js';
import { extensionFor } from '../../src/main/recordings/recordings.js';
import { backoffDelay, parseRetryAfter } from '../../src/main/scoring-client/backoff.js';
import type { AttemptRow } from '../../src/main/store/attempt-rows.js';
import { filterSql } from '../../src/main/store/history-query.js';

const dir = mkdtempSync(join(tmpdir(), 'examiner-req-'));
const recording = join(dir, 'rec', 'a b.wav');
writeFileSync(join(dir, 'outside.wav'), 'OUT');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const item: Item = {
  id: 1,
  task: 'rl',
  title: 'Lecture',
  refText: 'the lecture',
  keywords: ['lecture'],
  promptAudioPath: null,
  imagePath: null,
  sample: false,
  createdAt: '',
};

function attempt(path: string | null, task: AttemptRow['task'] = 'rl'): AttemptRow {
  return {
    id: 1,
    task,
    audio_path: path,
    audio_mime: 'audio/wav',
    typed_answer: path ? null : 'typed words',
  } as AttemptRow;
}

const scale = { scale: 10, precision: 0.5 };

describe('request builder', () => {
  it('sends a file: URL to the embedded engine for a recording under its audio root', async () => {
    const route: AudioRoute = { mode: 'embedded', audioRoot: join(dir, 'rec'), mediaBaseUrl: '' };
    const built = await buildRequest(attempt(recording), item, route, scale);
    expect(built.body).toEqual({
      audioUrl: `file://${join(dir, 'rec', 'a%20b.wav')}`,
      refText: 'the lecture',
      scale: 10,
      precision: 0.5,
      keywords: ['lecture'],
    });
    expect(JSON.parse(built.storedJson)).toEqual(built.body);
  });

  it('falls back to a data: URL for a recording outside the root, storing a summary', async () => {
    const route: AudioRoute = { mode: 'embedded', audioRoot: join(dir, 'rec'), mediaBaseUrl: '' };
    const built = await buildRequest(attempt(join(dir, 'outside.wav')), item, route, scale);
    expect(built.body.audioUrl).toBe(
      `data:audio/wav;base64,${Buffer.from('OUT').toString('base64')}`,
    );
    expect(JSON.parse(built.storedJson).audioUrl).toMatch(
      /^data:audio\/wav;base64,\[3 bytes of outside\.wav, sha256 [0-9a-f]{64}\]$/u,
    );
  });

  it('uses the media base URL for a remote endpoint when one is set', async () => {
    const route: AudioRoute = {
      mode: 'remote',
      audioRoot: dir,
      mediaBaseUrl: 'https://m.example/r/',
    };
    const built = await buildRequest(attempt(recording), item, route, scale);
    expect(built.body.audioUrl).toBe('https://m.example/r/a%20b.wav');
  });

  it('builds dictation and repeat-sentence bodies with the contract fields only', async () => {
    const route: AudioRoute = { mode: 'remote', audioRoot: dir, mediaBaseUrl: 'https://m' };
    const wfd = await buildRequest(attempt(null, 'wfd'), { ...item, task: 'wfd' }, route, scale);
    expect(wfd.body).toEqual({ question: 'the lecture', responseUser: 'typed words' });
    const rs = await buildRequest(attempt(recording, 'rs'), { ...item, task: 'rs' }, route, scale);
    expect(Object.keys(rs.body).sort()).toEqual(['audioUrl', 'precision', 'refText', 'scale']);
  });
});

describe('backoff and Retry-After', () => {
  it('doubles up to the cap, jittered between half and all of it', () => {
    expect(backoffDelay(0, 100, 1000, () => 0)).toBe(50);
    expect(backoffDelay(0, 100, 1000, () => 1)).toBe(100);
    expect(backoffDelay(3, 100, 1000, () => 1)).toBe(800);
    expect(backoffDelay(10, 100, 1000, () => 1)).toBe(1000);
  });

  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter('0.5')).toBe(500);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter(undefined)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

describe('history filters and recordings', () => {
  it('turns a filter into parameters, with a bare end date meaning the whole day', () => {
    expect(filterSql({ candidateId: 3, task: 'rs', to: '2026-01-31' })).toEqual({
      where: 'WHERE a.candidate_id = ? AND a.task = ? AND a.created_at <= ?',
      params: [3, 'rs', '2026-01-31T23:59:59.999Z'],
      joins: '',
    });
    expect(filterSql({})).toEqual({ where: '', params: [], joins: '' });
    expect(filterSql({ review: 'moderated' }).joins).toMatch(/JOIN examiner_marks/u);
  });

  it('names recordings by their MIME type', () => {
    expect(extensionFor('audio/webm;codecs=opus')).toBe('.webm');
    expect(extensionFor('audio/WAV')).toBe('.wav');
    expect(extensionFor('application/x-unknown')).toBe('.bin');
  });
});
