import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExportService } from '../../src/main/export/export-service.js';
import { safeName } from '../../src/main/export/export-files.js';
import { SittingsRepo } from '../../src/main/store/sittings-repo.js';
import { SittingService } from '../../src/main/sittings/sitting-service.js';
import { sittingReportPdf } from '../../src/main/sittings/sitting-pdf.js';
import { pdfText } from './export-pdf-text.js';
import { envelope } from './main-fake-server.js';
import { QueueHarness } from './main-harness.js';
import { tempDir } from '../helpers/temp-dir.js';

const NAME = '王小明';
/** A comment in the five other scripts the reports must draw. */
const COMMENT =
  'Japanese 山田さくら, Korean 김민준, Thai สมชาย ใจดี, Hindi प्रिया शर्मा, Arabic فاطمة الزهراء';
const LONG_TITLE =
  'Describe Image: a very long item title about the growth of renewable energy in four regions';
const PDFTOTEXT = !spawnSync('pdftotext', ['-v']).error;

/** Poppler's text layer: what a reader copying from the PDF gets. */
function popplerText(dir: string, pdf: Buffer): string {
  const file = join(dir, 'report.pdf');
  writeFileSync(file, pdf);
  return spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' }).stdout;
}

describe('PDF reports in every script', () => {
  let dir: ReturnType<typeof tempDir>;
  let harness: QueueHarness;
  let service: ExportService;
  let candidateId: number;
  let scoredId: number;
  let dictationId: number;

  beforeEach(() => {
    dir = tempDir();
    harness = new QueueHarness(dir.path, null);
    const { attempts, items } = harness;
    candidateId = harness.candidates.create({ name: NAME, reference: 'C-1', notes: COMMENT }).id;
    const common = { keywords: [], promptAudioPath: null, imagePath: null };
    const di = items.create({ task: 'di', title: LONG_TITLE, refText: 'energy', ...common }).id;
    const wfd = items.create({ task: 'wfd', title: 'WFD 1', refText: 'the cat', ...common }).id;
    scoredId = attempts.insert({
      candidateId,
      itemId: di,
      task: 'di',
      audio: { path: '/x.wav', mime: 'audio/wav', sha256: 'ab' },
      typedAnswer: null,
    });
    attempts.transition(scoredId, ['recorded'], 'scoring');
    attempts.markScored(
      scoredId,
      JSON.stringify(envelope('di', 3.5)),
      { content: 3, pronunciation: 4, fluency: 3.5, words: null, overall: 3.5 },
      { content: 5, pronunciation: 5, fluency: 5, words: null, overall: 5 },
    );
    attempts.saveMark(scoredId, {
      confirmed: false,
      scores: { content: 3, pronunciation: 4, fluency: 4, words: null, overall: 4 },
      comment: COMMENT,
    });
    const failed = attempts.insert({
      candidateId,
      itemId: di,
      task: 'di',
      audio: { path: '/y.wav', mime: 'audio/wav', sha256: 'cd' },
      typedAnswer: null,
    });
    attempts.transition(failed, ['recorded'], 'scoring');
    attempts.markFailed(failed, {
      kind: 'rejected',
      retryable: false,
      message: 'The recording could not be read.',
      detail: null,
      responseJson: null,
      nextRetryAt: null,
    });
    dictationId = attempts.insert({
      candidateId,
      itemId: wfd,
      task: 'wfd',
      audio: null,
      typedAnswer: 'the cat',
    });
    attempts.transition(dictationId, ['recorded'], 'scoring');
    attempts.markScored(
      dictationId,
      JSON.stringify(envelope('wfd', 2)),
      { content: null, pronunciation: null, fluency: null, words: 2, overall: 2 },
      { content: null, pronunciation: null, fluency: null, words: 2, overall: 2 },
    );
    service = new ExportService(dir.path, attempts, harness.candidates);
  });

  afterEach(async () => {
    await harness.close();
    dir.remove();
  });

  it('embeds a Noto face per script and keeps the Chinese name in the text layer', async () => {
    const result = await service.attemptPdf(scoredId);
    const pdf = readFileSync(result.path);
    const raw = pdf.toString('latin1');
    for (const face of [
      'DejaVuSans',
      'NotoSansHans-Regular',
      'NotoSansJP-Regular',
      'NotoSansKR-Regular',
      'NotoSansThai-Regular',
      'NotoSansDevanagari-Regular',
      'NotoNaskhArabic',
    ]) {
      expect(raw).toMatch(new RegExp(`/BaseFont /[A-Z]{6}\\+${face}`, 'u'));
    }
    expect(pdfText(pdf)).toContain(NAME);
    expect(result.fileName).toMatch(/^attempt-\d+-王小明-.*\.pdf$/u);
  });

  it.skipIf(!PDFTOTEXT)('gives the names back through a reader’s text layer', async () => {
    const text = popplerText(
      dir.path,
      Buffer.from((await service.attemptPdf(scoredId)).contentBase64, 'base64'),
    );
    expect(text).toContain(`Candidate: ${NAME}`);
    for (const name of ['山田さくら', '김민준', 'สมชาย ใจดี', 'فاطمة الزهراء']) {
      expect(text).toContain(name);
    }
    // Devanagari: every character comes back, but a vowel sign or repha drawn before or
    // after its consonant comes back in that drawn order (pdfkit writes no ActualText).
    const hindi = /Hindi (.*?),/u.exec(text)?.[1] ?? '';
    expect([...hindi].sort()).toEqual([...'प्रिया शर्मा'].sort());
  });

  it('lists every attempt in plain words, the long title whole, and names its file in the name’s script', async () => {
    const result = await service.candidatePdf(candidateId);
    expect(result.fileName).toMatch(/^candidate-王小明-.*\.pdf$/u);
    const text = pdfText(Buffer.from(result.contentBase64, 'base64'));
    expect(text).toContain(NAME);
    expect(text).not.toMatch(/failed[ _]permanent/u);
    expect(text).toContain('failed');
    expect(text).toContain('Describe Image');
    // Wrapped inside its cell rather than cut with an ellipsis.
    expect(text).toMatch(/four\s+regions/u);
    expect(text).not.toContain('…');
  });

  it('gives a dictation report dictation’s legend, not speaking’s', async () => {
    const text = pdfText(readFileSync((await service.attemptPdf(dictationId)).path));
    // The same words as the app's dictation result.
    for (const mark of ['Correct', 'Written wrongly', 'Missed']) expect(text).toContain(mark);
    for (const speaking of ['Average', 'Pause', 'Inserted', 'Hesitation']) {
      expect(text).not.toContain(speaking);
    }
    const speaking = pdfText(readFileSync((await service.attemptPdf(scoredId)).path));
    expect(speaking).toContain('Hesitation');
    expect(speaking).not.toContain('Written wrongly');
  });

  it('draws a sitting report for the same candidate', async () => {
    const sittings = new SittingService(
      { ...harness, sittings: new SittingsRepo(harness.db) },
      harness.service,
    );
    const items = harness.items.list(undefined, false).map((item) => item.id);
    const started = sittings.start(candidateId, items);
    const pdf = await sittingReportPdf(sittings.summary(started.id));
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansHans-Regular/u);
    const text = pdfText(pdf);
    expect(text).toContain(NAME);
    expect(text).toMatch(/four\s+regions/u);
  });
});

describe('export file names', () => {
  it('keep the name in its own script and drop only what file systems refuse', () => {
    expect(safeName('attempt-3-王小明')).toBe('attempt-3-王小明');
    expect(safeName('candidate-김민준')).toBe('candidate-김민준');
    expect(safeName('candidate-प्रिया शर्मा')).toBe('candidate-प्रिया-शर्मा');
    expect(safeName('فاطمة الزهراء')).toBe('فاطمة-الزهراء');
    expect(safeName('Zoë "Zed" O\'Brien/../x')).toBe('Zoë-Zed-O-Brien-x');
    expect(safeName('///')).toBe('export');
  });
});
