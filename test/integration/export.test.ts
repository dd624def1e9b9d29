import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeExport } from '../../src/main/export/export-files.js';
import { ExportService } from '../../src/main/export/export-service.js';
import { AttemptsRepo } from '../../src/main/store/attempts-repo.js';
import { CandidatesRepo } from '../../src/main/store/candidates-repo.js';
import { openDatabase, type Db } from '../../src/main/store/database.js';
import { ItemsRepo } from '../../src/main/store/items-repo.js';
import { pdfText } from './export-pdf-text.js';
import { envelope } from './main-fake-server.js';
import { tempDir } from '../helpers/temp-dir.js';

/** Quotes, a comma and letters outside Windows-1252, which the built-in PDF fonts lack. */
const NAME = 'Zoë "Zed" O\'Brien-Łukasiewicz, Jr.';

describe('exports', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: Db;
  let service: ExportService;
  let candidateId: number;
  let attemptIds: number[];

  beforeEach(() => {
    dir = tempDir();
    db = openDatabase(`${dir.path}/examiner.db`);
    const attempts = new AttemptsRepo(db);
    const candidates = new CandidatesRepo(db);
    const items = new ItemsRepo(db);
    candidateId = candidates.create({
      name: NAME,
      reference: 'Z-9',
      notes: '',
    }).id;
    const other = candidates.create({ name: 'Other', reference: '', notes: '' }).id;
    const common = { keywords: ['cat'], promptAudioPath: null, imagePath: null };
    const rs = items.create({
      task: 'rs',
      title: 'RS, with comma',
      refText: 'the cat',
      ...common,
    }).id;
    const wfd = items.create({ task: 'wfd', title: 'WFD', refText: 'the cat', ...common }).id;
    attemptIds = [3, 4.5].map((overall) => {
      const id = attempts.insert({
        candidateId,
        itemId: rs,
        task: 'rs',
        audio: { path: '/x.wav', mime: 'audio/wav', sha256: 'ab' },
        typedAnswer: null,
      });
      attempts.transition(id, ['recorded'], 'scoring');
      attempts.markScored(
        id,
        JSON.stringify(envelope('rs', overall)),
        {
          content: 3,
          pronunciation: 4,
          fluency: 3.5,
          words: null,
          overall,
        },
        { content: 3, pronunciation: 5, fluency: 5, words: null, overall: 5 },
      );
      return id;
    });
    const typed = attempts.insert({
      candidateId,
      itemId: wfd,
      task: 'wfd',
      audio: null,
      typedAnswer: 'line one\nline "two"',
    });
    attemptIds.push(typed);
    attempts.insert({
      candidateId: other,
      itemId: wfd,
      task: 'wfd',
      audio: null,
      typedAnswer: 'x',
    });
    service = new ExportService(dir.path, attempts, candidates);
  });

  afterEach(() => {
    db.close();
    dir.remove();
  });

  it('writes the filtered history as CSV that a CSV reader gets back exactly', async () => {
    const result = await service.csv({ candidateId });
    const text = readFileSync(result.path, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(Buffer.from(result.contentBase64, 'base64').toString('utf8')).toBe(text);
    const rows = parse(text.slice(1), { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => Number(row.attempt_id))).toEqual([...attemptIds].reverse());
    expect(rows[0]).toMatchObject({
      candidate: NAME,
      candidate_reference: 'Z-9',
      task: 'Write From Dictation',
      status: 'recorded',
      typed_answer: 'line one\nline "two"',
      overall: '',
    });
    expect(rows[1]).toMatchObject({
      item: 'RS, with comma',
      overall: '4.5',
      overall_max: '5',
      content: '3',
      content_max: '3',
      fluency: '3.5',
      fluency_max: '5',
    });
    expect(result.fileName).toMatch(/^history-.*\.csv$/u);
  });

  it('makes an attempt PDF with the candidate, scores and transcript', async () => {
    const result = await service.attemptPdf(attemptIds[1]!);
    const pdf = readFileSync(result.path);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(NAME);
    expect(text).toContain('Pronunciation');
    expect(text).toContain('[pause 0.4 s]');
    expect(text).toContain('4.5 / 5');
  });

  it('shows a Retell Lecture hesitation in brackets, never as a word, and the pause beside it', async () => {
    const attempts = new AttemptsRepo(db);
    const rl = new ItemsRepo(db).create({
      task: 'rl',
      title: 'Bees',
      refText: 'Bees carry pollen.',
      keywords: ['bees', 'pollen'],
      promptAudioPath: null,
      imagePath: null,
    }).id;
    const id = attempts.insert({
      candidateId,
      itemId: rl,
      task: 'rl',
      audio: { path: '/x.wav', mime: 'audio/wav', sha256: 'cd' },
      typedAnswer: null,
    });
    const base = envelope('rl') as { data: Record<string, unknown> };
    const word = (text: string, label: string, start: number, end: number) => ({
      word: text,
      label,
      start,
      end,
      pronunciation: label === 'Inserted' ? 0 : 0.8,
      phonemes: null,
      phonics: null,
    });
    const words = [
      word('bees', 'Good', 100, 500),
      word('', 'Pause', 0, 0),
      word('um', 'Inserted', 1400, 1800),
      word('pollen', 'Good', 1900, 2400),
    ];
    attempts.transition(id, ['recorded'], 'scoring');
    attempts.markScored(
      id,
      JSON.stringify({ ...base, data: { ...base.data, words } }),
      { content: 3, pronunciation: 4, fluency: 3.5, words: null, overall: 3.5 },
      { content: 5, pronunciation: 5, fluency: 5, words: null, overall: 5 },
    );
    const text = pdfText(readFileSync((await service.attemptPdf(id)).path));
    expect(text).toContain('(um)');
    expect(text).toContain('[pause 0.9 s]');
    expect(text).toContain('Hesitation');
    expect(text).not.toContain('Inserted');
  });

  it('makes a candidate PDF with their progress', async () => {
    const result = await service.candidatePdf(candidateId);
    const pdf = Buffer.from(result.contentBase64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(NAME);
    expect(text).toContain('Repeat Sentence');
    expect(text).toContain('Final overall score per scored attempt');
    expect(text).toContain('share of the maximum');
    // Repeat Sentence and dictation have no key points.
    expect(text).not.toContain('each key point as the engine judged it');
  });
});

const PDFTOTEXT = spawnSync('pdftotext', ['-v']).error ? null : 'pdftotext';

/** One page's text through Poppler's pdftotext, as a reader's tools see it. */
function pageTexts(pdf: string): string[] {
  const all = spawnSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).stdout;
  return all.split('\f').filter((page) => page.trim() !== '');
}

describe('PDF reports through pdftotext', () => {
  it.skipIf(!PDFTOTEXT)(
    'state every score with its maximum and never split a chart across pages',
    async () => {
      const dir = tempDir();
      const db = openDatabase(`${dir.path}/examiner.db`);
      try {
        const attempts = new AttemptsRepo(db);
        const candidates = new CandidatesRepo(db);
        const items = new ItemsRepo(db);
        const candidateId = candidates.create({ name: 'Mei Chen', reference: '', notes: '' }).id;
        const common = { keywords: [], promptAudioPath: null, imagePath: null };
        for (const task of ['rs', 'rl', 'di', 'wfd'] as const) {
          const itemId = items.create({
            task,
            title: `${task} item`,
            refText: 'a cat',
            ...common,
          }).id;
          for (let n = 0; n < 12; n += 1) {
            const id = attempts.insert({
              candidateId,
              itemId,
              task,
              audio: null,
              typedAnswer: 'x',
            });
            attempts.transition(id, ['recorded'], 'scoring');
            const wfd = task === 'wfd';
            attempts.markScored(
              id,
              JSON.stringify(envelope(task, wfd ? 5 : 2 + n / 6)),
              {
                content: wfd ? null : 3,
                pronunciation: wfd ? null : 4,
                fluency: wfd ? null : 3.5,
                words: wfd ? 5 : null,
                overall: wfd ? 5 : 2 + n / 6,
              },
              {
                content: wfd ? null : 5,
                pronunciation: wfd ? null : 5,
                fluency: wfd ? null : 5,
                words: wfd ? 7 : null,
                overall: wfd ? 7 : 5,
              },
            );
          }
        }
        const service = new ExportService(dir.path, attempts, candidates);
        const report = pageTexts((await service.candidatePdf(candidateId)).path);
        expect(report.length).toBeGreaterThan(1);
        let charts = 0;
        for (const page of report) {
          const captions = page.match(/Final overall score per scored attempt/gu)?.length ?? 0;
          // A whole chart carries its caption, its 0–100 % axis and its dates on one page.
          expect(page.match(/100 %/gu)?.length ?? 0).toBe(captions);
          expect(page.match(/^\s*0 ?%$/gmu)?.length ?? 0).toBe(captions);
          charts += captions;
        }
        expect(charts).toBe(4);
        const text = report.join('\n');
        expect(text).toMatch(/Latest overall: 3\.83 ?\/ ?5/u);
        expect(text).toMatch(/Latest overall: 5 ?\/ ?7/u);
        expect(text).toMatch(/scored +2 ?\/ ?5$/mu);

        const last = attempts.page({ task: 'rs' }, 1).rows[0]!.id;
        const single = pageTexts((await service.attemptPdf(last)).path).join('\n');
        for (const line of ['Content +3 ?/ ?5', 'Pronunciation +4 ?/ ?5', 'Overall +3.83 ?/ ?5']) {
          expect(single).toMatch(new RegExp(line, 'u'));
        }
        expect(single).toMatch(/Final overall: 3\.83 ?\/ ?5 \(engine\)/u);
      } finally {
        db.close();
        dir.remove();
      }
    },
  );
});

describe('CSV against formula injection', () => {
  it('prefixes every exported text cell that a spreadsheet would run with an apostrophe', async () => {
    const dir = tempDir();
    const db = openDatabase(`${dir.path}/examiner.db`);
    try {
      const attempts = new AttemptsRepo(db);
      const candidates = new CandidatesRepo(db);
      const items = new ItemsRepo(db);
      const common = { keywords: [], promptAudioPath: null, imagePath: null };
      const candidateId = candidates.create({
        name: '=HYPERLINK("http://evil.example","x")',
        reference: '+1-555',
        notes: '',
      }).id;
      const itemId = items.create({ task: 'wfd', title: '-2+3', refText: 'a cat', ...common }).id;
      const id = attempts.insert({
        candidateId,
        itemId,
        task: 'wfd',
        audio: null,
        typedAnswer: '@SUM(A1:A9)',
      });
      attempts.transition(id, ['recorded'], 'scoring');
      attempts.markFailed(id, {
        kind: 'rejected',
        retryable: false,
        message: '\tcmd|calc',
        detail: null,
        responseJson: null,
        nextRetryAt: null,
      });
      const scored = attempts.insert({
        candidateId,
        itemId,
        task: 'wfd',
        audio: null,
        typedAnswer: '\rline',
      });
      attempts.transition(scored, ['recorded'], 'scoring');
      attempts.markScored(
        scored,
        JSON.stringify(envelope('wfd', 1)),
        { content: null, pronunciation: null, fluency: null, words: 1, overall: 1 },
        { content: null, pronunciation: null, fluency: null, words: 2, overall: 2 },
      );
      attempts.saveMark(scored, {
        confirmed: false,
        scores: { content: null, pronunciation: null, fluency: null, words: 2, overall: 2 },
        comment: '=1+1',
      });
      const service = new ExportService(dir.path, attempts, candidates);
      const text = readFileSync((await service.csv({})).path, 'utf8');
      const [newer, older] = parse(text.slice(1), { columns: true }) as Record<string, string>[];
      for (const row of [newer!, older!]) {
        expect(row.candidate).toBe('\'=HYPERLINK("http://evil.example","x")');
        expect(row.candidate_reference).toBe("'+1-555");
        expect(row.item).toBe("'-2+3");
      }
      expect(older!.typed_answer).toBe("'@SUM(A1:A9)");
      expect(older!.error).toBe("'\tcmd|calc");
      expect(newer!.typed_answer).toBe("'\rline");
      expect(newer!.examiner_comment).toBe("'=1+1");
      expect(newer).toMatchObject({ words: '1', words_max: '2', examiner_words: '2' });
      // Every text cell is quoted as well, as OWASP recommends.
      expect(text).toContain('"\'=1+1"');
    } finally {
      db.close();
      dir.remove();
    }
  });
});

describe('export files', () => {
  it('never overwrites an export written in the same millisecond', async () => {
    const dir = tempDir();
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-22T10:00:00.000Z'));
      const [first, second] = await Promise.all([
        writeExport(dir.path, 'history', 'csv', Buffer.from('first')),
        writeExport(dir.path, 'history', 'csv', Buffer.from('second')),
      ]);
      expect(first?.fileName).not.toBe(second?.fileName);
      const contents = [first, second].map((file) => readFileSync(file!.path, 'utf8')).sort();
      expect(contents).toEqual(['first', 'second']);
    } finally {
      vi.useRealTimers();
      dir.remove();
    }
  });
});
