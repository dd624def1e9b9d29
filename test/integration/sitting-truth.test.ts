import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Attempt, Sitting, SittingSummary } from '../../src/shared/app-api.js';
import { RECORDING_NOT_WHOLE } from '../../src/shared/recorded-length.js';
import type { AppCore } from '../../src/main/core/app-core.js';
import { startQuietCore } from './main-harness.js';
import { tempDir } from '../helpers/temp-dir.js';

const WEBM = readFileSync(join(import.meta.dirname, '../fixtures/audio/speech-chromium.webm'));
/** What the old exam recorder kept: chunks from the middle of a WebM, without its header. */
const FRAGMENT = WEBM.subarray(3000, 7000);
const MIME = 'audio/webm;codecs=opus';

describe('recordings proved whole, and sittings that tell the truth', () => {
  let dir: ReturnType<typeof tempDir>;
  let core: AppCore;
  const call = <T>(method: string, input: unknown = {}): Promise<T> =>
    core.dispatch(method, input) as Promise<T>;

  beforeEach(async () => {
    dir = tempDir();
    core = await startQuietCore(dir.path);
  });
  afterEach(async () => {
    await core.close();
    dir.remove();
  });

  async function seed() {
    const candidate = await call<{ id: number }>('candidates.create', { name: 'Ana Díaz' });
    const item = (task: string, title: string) =>
      call<{ id: number }>('items.create', { task, title, refText: 'the cat sat' });
    return {
      candidateId: candidate.id,
      rs: (await item('rs', 'Sentence')).id,
      di: (await item('di', 'Picture')).id,
      wfd: (await item('wfd', 'Dictation')).id,
    };
  }

  async function scored(id: number): Promise<void> {
    const deadline = Date.now() + 20_000;
    while ((await call<Attempt>('attempts.get', { id })).status !== 'scored') {
      if (Date.now() > deadline) throw new Error(`attempt ${id} was not scored`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('keeps a recording only when it lasts as long as the time recorded', async () => {
    const { candidateId, rs } = await seed();
    const base = { candidateId, itemId: rs, audioBase64: WEBM.toString('base64'), mimeType: MIME };
    const first = await call<Attempt>('attempts.submitSpeaking', base);
    const lengthMs = first.audioDurationMs!;
    expect(lengthMs).toBeGreaterThan(1000);

    const close = await call<Attempt>('attempts.submitSpeaking', {
      ...base,
      recordedMs: lengthMs + 400,
    });
    expect(close.audioDurationMs).toBe(lengthMs);

    const refused = call('attempts.submitSpeaking', { ...base, recordedMs: lengthMs + 2000 });
    await expect(refused).rejects.toMatchObject({
      message: `The recording lasts ${(lengthMs / 1000).toFixed(1)} s but ${((lengthMs + 2000) / 1000).toFixed(1)} s were recorded: part of the answer is missing. Record the answer again.`,
      detail: RECORDING_NOT_WHOLE,
    });
    const unreadable = call('attempts.submitSpeaking', {
      ...base,
      audioBase64: FRAGMENT.toString('base64'),
      recordedMs: 28_000,
    });
    await expect(unreadable).rejects.toMatchObject({
      message: 'The recording cannot be read: the answer was not kept. Record the answer again.',
    });
    // Neither refused recording became an attempt.
    expect((await call<{ total: number }>('attempts.list', {})).total).toBe(2);
  });

  it('counts only scored answers in the total, says what is missing, and exports the sitting as CSV', async () => {
    const { candidateId, rs, di, wfd } = await seed();
    let sitting = await call<Sitting>('sittings.start', { candidateId, itemIds: [wfd, rs, di] });
    // Exam order: RS, DI, then WFD.
    expect(sitting.steps.map((step) => step.item.id)).toEqual([rs, di, wfd]);
    sitting = await call<Sitting>('sittings.skip', { id: sitting.id, position: 1 });
    sitting = await call<Sitting>('sittings.answerDictation', {
      id: sitting.id,
      position: 2,
      typedAnswer: 'the cat sat',
    });
    const dictation = sitting.steps[2]!.attempt!;
    await scored(dictation.id);
    sitting = await call<Sitting>('sittings.finish', { id: sitting.id });

    const summary = await call<SittingSummary>('sittings.summary', { id: sitting.id });
    expect(summary.counts).toEqual({ items: 3, scored: 1, failed: 0, notAnswered: 2 });
    expect(summary.tasks.map((task) => task.task)).toEqual(['rs', 'di', 'wfd']);
    // The only scored answer makes the total; the unanswered items are counted apart, not as 0.
    const dictationShare = summary.tasks.find((task) => task.task === 'wfd')!.meanShare;
    expect(dictationShare).toBeGreaterThan(0);
    expect(summary.overallShare).toBe(dictationShare);

    // Only a failed answer can be recorded again or marked "no answer".
    await expect(call('sittings.recordAgain', { id: sitting.id, position: 2 })).rejects.toThrow(
      'Only a failed or cancelled answer can be recorded again.',
    );

    const csv = await call<{ fileName: string; contentBase64: string }>('sittings.csv', {
      id: sitting.id,
    });
    expect(csv.fileName).toMatch(/^sitting-\d+-Ana-D.*\.csv$/u);
    const lines = Buffer.from(csv.contentBase64, 'base64')
      .toString('utf8')
      .slice(1)
      .trim()
      .split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^1,,,,,"Sentence","Repeat Sentence","not reached",,/u);
    expect(lines[2]).toMatch(/^2,,,,,"Picture","Describe Image","not answered",,/u);
    expect(lines[3]).toMatch(
      new RegExp(
        `^3,${dictation.id},"[^"]+","Ana Díaz","","Dictation","Write From Dictation","scored",`,
        'u',
      ),
    );
  });

  it('opens a failed answer to be recorded again, or counts it as not answered', async () => {
    const { candidateId, rs, wfd } = await seed();
    // A server that is not there: the answer waits in the queue until it is cancelled.
    await call('settings.update', { endpointMode: 'remote', remoteBaseUrl: 'http://127.0.0.1:9' });
    let sitting = await call<Sitting>('sittings.start', { candidateId, itemIds: [rs, wfd] });
    sitting = await call<Sitting>('sittings.answerDictation', {
      id: sitting.id,
      position: 1,
      typedAnswer: 'the cat',
    });
    const typed = sitting.steps[1]!.attempt!;
    expect((await call<Attempt>('attempts.cancel', { id: typed.id })).status).toBe('cancelled');
    sitting = await call<Sitting>('sittings.skip', { id: sitting.id, position: 0 });
    expect(sitting.status).toBe('finished');
    let summary = await call<SittingSummary>('sittings.summary', { id: sitting.id });
    expect(summary.counts).toEqual({ items: 2, scored: 0, failed: 1, notAnswered: 1 });

    sitting = await call<Sitting>('sittings.recordAgain', { id: sitting.id, position: 1 });
    expect(sitting.status).toBe('in_progress');
    expect(sitting.steps[1]).toMatchObject({ attempt: null, skipped: false });
    expect((await call<Attempt>('attempts.get', { id: typed.id })).sittingId).toBeNull();

    sitting = await call<Sitting>('sittings.answerDictation', {
      id: sitting.id,
      position: 1,
      typedAnswer: 'the cat sat',
    });
    expect(sitting.status).toBe('finished');
    summary = await call<SittingSummary>('sittings.summary', { id: sitting.id });
    expect(summary.counts.failed).toBe(0);
  });
});
