import Database from 'better-sqlite3';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seekableRecording } from '../../src/main/recordings/seekable-recording.js';
import { AttemptService } from '../../src/main/attempts/attempt-service.js';
import type { ScoringQueue } from '../../src/main/queue/scoring-queue.js';
import { AttemptsRepo } from '../../src/main/store/attempts-repo.js';
import { CandidatesRepo } from '../../src/main/store/candidates-repo.js';
import { openDatabase, type Db } from '../../src/main/store/database.js';
import { ItemsRepo } from '../../src/main/store/items-repo.js';
import { MIGRATIONS, migrate } from '../../src/main/store/migrations.js';
import { envelope } from './main-fake-server.js';
import { tempDir } from '../helpers/temp-dir.js';

const FIXTURE = join(import.meta.dirname, '../fixtures/audio/speech-chromium.webm');
/** The EBML id of a Segment's Duration element. */
const DURATION_ID = Buffer.from([0x44, 0x89]);
const NONE = { content: null, pronunciation: null, fluency: null, words: null, overall: null };

describe('recordings with a duration', () => {
  it('copies the recorder’s live WebM into one that states its length, packets unchanged', async () => {
    const live = readFileSync(FIXTURE);
    expect(live.includes(DURATION_ID)).toBe(false);
    const fixed = await seekableRecording(live, 'audio/webm;codecs=opus');
    expect(Buffer.from(fixed.bytes).includes(DURATION_ID)).toBe(true);
    expect(fixed.durationMs).toBeGreaterThan(2_800);
    expect(fixed.durationMs).toBeLessThan(3_100);
  });

  it('keeps a file it cannot read as it came', async () => {
    const junk = Buffer.from('not a recording');
    const kept = await seekableRecording(junk, 'audio/webm');
    expect(kept).toEqual({ bytes: junk, durationMs: null });
  });
});

describe('the review migration', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => dir.remove());

  it('gives scored attempts of an older file the maximum of each score', () => {
    const file = join(dir.path, 'old.db');
    const old = new Database(file);
    migrate(old, MIGRATIONS.slice(0, 1));
    old.exec(`INSERT INTO candidates (name, created_at) VALUES ('Ana', 'now');
      INSERT INTO items (task, title, ref_text, created_at) VALUES ('rs', 'S', 'the cat', 'now'),
        ('wfd', 'D', 'the cat', 'now');`);
    const insert = old.prepare(
      `INSERT INTO attempts (candidate_id, item_id, task, status, audio_path, typed_answer,
         overall, created_at, updated_at, request_json, response_json)
       VALUES (1, ?, ?, 'scored', ?, ?, 3.5, 'now', 'now', ?, ?)`,
    );
    insert.run(1, 'rs', '/a.webm', null, '{"scale":10}', JSON.stringify(envelope('rs')));
    insert.run(2, 'wfd', null, 'the cat', '{}', JSON.stringify(envelope('wfd')));
    old.close();

    const db = openDatabase(file);
    const repo = new AttemptsRepo(db);
    const [speaking, dictation] = [repo.get(1)!, repo.get(2)!];
    expect(speaking).toMatchObject({
      content_max: 5,
      pronunciation_max: 5,
      overall_max: 10,
      result_status: 0,
    });
    expect(dictation.words_max).toBe(dictation.overall_max);
    expect(dictation.words_max).toBe(7);
    db.close();
  });
});

describe('review store', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: Db;
  let attempts: AttemptsRepo;
  let candidates: CandidatesRepo;
  let items: ItemsRepo;
  let service: AttemptService;

  beforeEach(() => {
    dir = tempDir();
    db = openDatabase(join(dir.path, 'examiner.db'));
    attempts = new AttemptsRepo(db);
    candidates = new CandidatesRepo(db);
    items = new ItemsRepo(db);
    const queue = { kick: () => undefined, resume: () => undefined } as unknown as ScoringQueue;
    service = new AttemptService({ attempts, candidates, items }, queue, () => dir.path, {
      changed: () => undefined,
      deleted: () => undefined,
    });
  });
  afterEach(() => {
    db.close();
    dir.remove();
  });

  function speakingItem(title: string): number {
    const fields = { refText: 'x', keywords: [], promptAudioPath: null, imagePath: null };
    return items.create({ task: 'rs', title, ...fields }).id;
  }

  function scored(candidateId: number, itemId: number, overall: number, status = 0): number {
    const id = attempts.insert({ candidateId, itemId, task: 'rs', audio: null, typedAnswer: 'x' });
    attempts.transition(id, ['recorded'], 'scoring');
    const body = envelope('rs', overall) as { data: { components: { status: number }[] } };
    for (const component of body.data.components) component.status = status;
    attempts.markScored(
      id,
      JSON.stringify(body),
      { ...NONE, overall },
      { ...NONE, content: 3, overall: 5 },
      status,
    );
    return id;
  }

  it('searches history by candidate or item, ignoring accents and case', () => {
    const zoe = candidates.create({ name: 'Zoë Brontë', reference: 'Ç-1', notes: '' }).id;
    const other = candidates.create({ name: 'Omar', reference: '', notes: '' }).id;
    const item = speakingItem('São Paulo trip');
    const a = scored(zoe, item, 3);
    const b = scored(other, item, 3);
    const ids = (search: string) => attempts.page({ search }, 10).rows.map((row) => row.id);
    expect(ids('zoe')).toEqual([a]);
    expect(ids('BRONTE')).toEqual([a]);
    expect(ids('c-1')).toEqual([a]);
    expect(ids('sao paulo')).toEqual([b, a]);
    expect(ids('100%')).toEqual([]);
    expect(attempts.page({ search: 'zoe' }, 10).total).toBe(1);
    expect(candidates.list('zoe').map((c) => c.name)).toEqual(['Zoë Brontë']);
  });

  it('finds attempts that need review and those an examiner marked', () => {
    const ana = candidates.create({ name: 'Ana', reference: '', notes: '' }).id;
    const item = speakingItem('S');
    const usual = [scored(ana, item, 4), scored(ana, item, 4), scored(ana, item, 4.2)];
    const outlier = scored(ana, item, 1.5);
    const cautioned = scored(ana, item, 4, 1);
    const ids = (review: 'needs_review' | 'moderated') =>
      attempts.page({ review }, 10).rows.map((row) => row.id);
    expect(ids('needs_review')).toEqual([cautioned, outlier]);
    service.mark({ id: outlier, confirmed: false, scores: { overall: 3 }, comment: 'fair' });
    service.mark({ id: usual[0]!, confirmed: true, scores: {}, comment: '' });
    expect(ids('needs_review')).toEqual([cautioned]);
    expect(ids('moderated')).toEqual([outlier, usual[0]]);
    const marked = service.get(outlier);
    expect(marked.scores.overall).toBe(1.5);
    expect(marked.mark).toMatchObject({ confirmed: false, comment: 'fair' });
    expect(marked.mark?.scores.overall).toBe(3);
    expect(() =>
      service.mark({ id: outlier, confirmed: false, scores: { overall: 6 }, comment: '' }),
    ).toThrow(/between 0 and 5/u);
  });

  it('gives recordings saved without a duration their length, and a new checksum', async () => {
    const ana = candidates.create({ name: 'Ana', reference: '', notes: '' }).id;
    const item = speakingItem('S');
    const path = join(dir.path, 'old.webm');
    copyFileSync(FIXTURE, path);
    const id = attempts.insert({
      candidateId: ana,
      itemId: item,
      task: 'rs',
      audio: { path, mime: 'audio/webm;codecs=opus', sha256: 'old' },
      typedAnswer: null,
    });
    expect(await service.repairRecordingDurations(pino({ level: 'silent' }))).toBe(1);
    const row = attempts.get(id)!;
    expect(row.audio_duration_ms).toBeGreaterThan(2_800);
    expect(row.audio_sha256).not.toBe('old');
    expect(readFileSync(path).includes(DURATION_ID)).toBe(true);
    expect(await service.repairRecordingDurations(pino({ level: 'silent' }))).toBe(0);
  });
});
