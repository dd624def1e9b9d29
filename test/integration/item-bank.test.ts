import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filesFromList, filesFromZip } from '../../src/main/catalog/item-bundle.js';
import { exportBundle } from '../../src/main/catalog/item-export.js';
import { importBundle } from '../../src/main/catalog/item-import.js';
import { installSamples, samplesFolder } from '../../src/main/catalog/samples.js';
import { silentLogger } from '../../src/main/logging/logger.js';
import { MediaStore } from '../../src/main/media/media-store.js';
import { sittingReportPdf } from '../../src/main/sittings/sitting-pdf.js';
import { SittingService } from '../../src/main/sittings/sitting-service.js';
import { SettingsRepo } from '../../src/main/store/settings-repo.js';
import { SittingsRepo } from '../../src/main/store/sittings-repo.js';
import { pdfText } from './export-pdf-text.js';
import { QueueHarness } from './main-harness.js';
import { tempDir } from '../helpers/temp-dir.js';

const SAMPLES = samplesFolder()!;
const sample = (name: string) => readFileSync(join(SAMPLES, name));

function bundle(manifest: unknown, media: Record<string, Uint8Array>) {
  return filesFromList([
    { path: 'manifest.json', bytes: Buffer.from(JSON.stringify(manifest)) },
    ...Object.entries(media).map(([path, bytes]) => ({ path, bytes })),
  ]);
}

describe('the item bank', () => {
  let dir: ReturnType<typeof tempDir>;
  let harness: QueueHarness;
  let media: MediaStore;
  beforeEach(() => {
    dir = tempDir();
    harness = new QueueHarness(dir.path, null);
    media = new MediaStore(dir.path);
  });
  afterEach(async () => {
    await harness.close();
    dir.remove();
  });

  it('installs the samples once: three items per task with their media, samples flagged', async () => {
    const settings = new SettingsRepo(harness.db);
    await installSamples(harness.items, media, settings, silentLogger());
    const items = harness.items.list();
    for (const task of ['rs', 'rl', 'di', 'wfd'] as const) {
      expect(items.filter((item) => item.task === task).length).toBeGreaterThanOrEqual(3);
    }
    expect(items.every((item) => item.sample)).toBe(true);
    for (const item of items) {
      const reference = item.task === 'di' ? item.imagePath : item.promptAudioPath;
      expect(await media.holds(reference!)).toBe(true);
      if (item.task === 'rl' || item.task === 'di') expect(item.keywords.length).toBeGreaterThan(3);
    }
    expect((await media.read(items.find((i) => i.task === 'rs')!.promptAudioPath!)).mimeType).toBe(
      'audio/ogg',
    );
    harness.items.delete(items[0]!.id);
    await installSamples(harness.items, media, settings, silentLogger());
    expect(harness.items.list()).toHaveLength(items.length - 1);
    expect(harness.items.list(undefined, false)).toEqual([]);
  });

  it('imports the good rows of a manifest and refuses each bad one with its reasons', async () => {
    const files = bundle(
      {
        items: [
          { task: 'rs', title: 'Good RS', refText: 'Close the door.', audio: 'a.ogg' },
          {
            task: 'di',
            title: 'Good DI',
            refText: 'A chart.',
            keywords: ['chart'],
            image: 'p.svg',
          },
          { task: 'rs', title: 'No audio file', refText: 'Hello.', audio: 'missing.ogg' },
          { task: 'xx', title: 'Bad task', refText: 'Hello.' },
          { task: 'wfd', title: 'Fake audio', refText: 'Hello there.', audio: 'fake.ogg' },
        ],
      },
      {
        'a.ogg': sample('rs-1.ogg'),
        'p.svg': sample('di-1.svg'),
        'fake.ogg': Buffer.from('not a sound at all, honestly'),
      },
    );
    const report = await importBundle(files, harness.items, media);
    expect(report.imported.map((row) => row.title)).toEqual(['Good RS', 'Good DI']);
    expect(report.refused).toEqual([
      {
        row: 3,
        title: 'No audio file',
        reasons: ['audio file "missing.ogg" is not in the bundle'],
      },
      { row: 4, title: 'Bad task', reasons: ['task must be one of rs, rl, di, wfd'] },
      {
        row: 5,
        title: 'Fake audio',
        reasons: ['audio file "fake.ogg": the file is not WAV, MP3, Ogg, WebM or FLAC'],
      },
    ]);
    const stored = harness.items.list();
    expect(stored.map((item) => item.title).sort()).toEqual(['Good DI', 'Good RS']);
    // Importing the same bundle again adds nothing: the titles are in the bank.
    const again = await importBundle(files, harness.items, media);
    expect(again.imported).toEqual([]);
    expect(again.refused[0]?.reasons).toEqual([
      'an item of this task with this title is already in the bank',
    ]);
  });

  it('refuses manifest fields that are not text by name, never as "[object Object]"', async () => {
    const files = bundle(
      {
        items: [
          { task: 'rs', title: { en: 'Hello' }, refText: 'Close the door.', audio: 'a.ogg' },
          { task: ['rs'], title: 'Task as a list', refText: 'Hello.', audio: 'a.ogg' },
          { task: 'rl', title: 'Odd keywords', refText: 'A talk.', keywords: { a: 1 } },
          { task: 'rs', title: 'Bad media', refText: 'Hi.', audio: true, image: false },
          { task: 'wfd', title: 2024, refText: 'The year.', audio: 'a.ogg' },
        ],
      },
      { 'a.ogg': sample('rs-1.ogg') },
    );
    const report = await importBundle(files, harness.items, media);
    expect(report.imported.map((row) => row.title)).toEqual(['2024']);
    expect(report.refused).toEqual([
      { row: 1, title: '(row 1 has no title)', reasons: ['title must be text'] },
      { row: 2, title: 'Task as a list', reasons: ['task must be text'] },
      {
        row: 3,
        title: 'Odd keywords',
        reasons: ['keywords must be a list of texts, or one text separated by ; or |'],
      },
      { row: 4, title: 'Bad media', reasons: ['audio must be text', 'image must be text'] },
    ]);
    expect(JSON.stringify(report)).not.toContain('[object Object]');
  });

  it('reads a zipped folder with a CSV manifest, and exports a zip the import reads back', async () => {
    const csv =
      'task,title,refText,keywords,audio,image\nrl,Lecture,Bees matter.,bees;pollen,media/l.ogg,\n';
    const zip = zipSync({
      'bank/manifest.csv': Buffer.from(csv),
      'bank/media/l.ogg': sample('rl-1.ogg'),
    });
    const report = await importBundle(filesFromZip(zip), harness.items, media);
    expect(report).toMatchObject({ imported: [{ row: 1, title: 'Lecture' }], refused: [] });
    const [item] = harness.items.list();
    expect(item?.keywords).toEqual(['bees', 'pollen']);

    const exported = await exportBundle(harness.items.list(), media);
    const other = tempDir();
    const otherHarness = new QueueHarness(other.path, null);
    try {
      const back = await importBundle(
        filesFromZip(exported),
        otherHarness.items,
        new MediaStore(other.path),
      );
      expect(back.imported).toHaveLength(1);
      expect(otherHarness.items.list()[0]).toMatchObject({
        title: 'Lecture',
        keywords: ['bees', 'pollen'],
      });
    } finally {
      await otherHarness.close();
      other.remove();
    }
  });

  it('refuses a bundle it cannot read as a whole, saying why, and writes nothing', async () => {
    expect(() => filesFromZip(Buffer.from('not a zip at all'))).toThrow(
      'The file is not a readable zip archive.',
    );
    await expect(
      importBundle(
        filesFromList([{ path: 'items.txt', bytes: Buffer.from('x') }]),
        harness.items,
        media,
      ),
    ).rejects.toThrow('No manifest found');
    await expect(importBundle(bundle({ items: 'x' }, {}), harness.items, media)).rejects.toThrow(
      'manifest.json must hold a list of items',
    );
    expect(harness.items.list()).toEqual([]);
  });

  it('keeps SVG pictures without their scripts, and refuses paths outside the media folder', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect/></svg>',
    );
    const stored = await media.read(await media.store(svg, 'image'));
    expect(stored.bytes.toString('utf8')).not.toMatch(/script|alert/u);
    expect(await media.holds('../examiner.db')).toBe(false);
    expect(await media.holds('media/../examiner.db')).toBe(false);
  });

  it('runs a sitting in exam order, links each answer, and resumes after a restart', async () => {
    const { candidateId, rsItem, wfdItem } = harness.seed();
    const sittings = new SittingService(
      { ...harness, sittings: new SittingsRepo(harness.db) },
      harness.service,
    );
    const started = sittings.start(candidateId, [wfdItem, rsItem]);
    expect(started.steps.map((step) => step.item.task)).toEqual(['rs', 'wfd']);
    const audioBase64 = Buffer.from('RIFF-audio').toString('base64');
    await sittings.answerSpeaking({
      id: started.id,
      position: 0,
      audioBase64,
      mimeType: 'audio/wav',
    });
    await expect(
      sittings.answerSpeaking({ id: started.id, position: 0, audioBase64, mimeType: 'audio/wav' }),
    ).rejects.toThrow('already answered');

    // A new service over the same file (a restarted host) finds the sitting open at step 2.
    const restarted = new SittingService(
      { ...harness, sittings: new SittingsRepo(harness.db) },
      harness.service,
    );
    const [open] = restarted.unfinished();
    expect(open?.id).toBe(started.id);
    expect(open?.steps.map((step) => step.attempt?.status ?? null)).toEqual(['queued', null]);
    const done = await restarted.answerDictation({
      id: started.id,
      position: 1,
      typedAnswer: 'the cat',
    });
    expect(done.status).toBe('finished');
    const summary = restarted.summary(started.id);
    expect(summary.tasks.map((task) => [task.task, task.answered])).toEqual([
      ['rs', 1],
      ['wfd', 1],
    ]);
    expect(summary.pending).toBe(2);
    expect(restarted.unfinished()).toEqual([]);
    const pdf = await sittingReportPdf(summary);
    const text = pdfText(pdf);
    for (const expected of [
      'mock test sitting',
      'Ana',
      'Repeat Sentence',
      'RS 1 (RS)',
      'WFD 1 (WFD)',
    ]) {
      expect(text).toContain(expected);
    }
  });
});
