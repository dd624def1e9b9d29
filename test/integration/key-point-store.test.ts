import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AttemptService } from '../../src/main/attempts/attempt-service.js';
import { exportBundle } from '../../src/main/catalog/item-export.js';
import { filesFromList, filesFromZip, readManifest } from '../../src/main/catalog/item-bundle.js';
import { ExportService } from '../../src/main/export/export-service.js';
import { ModerationService } from '../../src/main/moderation/moderation-service.js';
import { MediaStore } from '../../src/main/media/media-store.js';
import { buildRequest } from '../../src/main/queue/request-builder.js';
import { freeSpeechKeyPoints } from '../../src/main/queue/score-columns.js';
import type { ScoringQueue } from '../../src/main/queue/scoring-queue.js';
import { AttemptsRepo } from '../../src/main/store/attempts-repo.js';
import { CandidatesRepo } from '../../src/main/store/candidates-repo.js';
import { openDatabase, type Db } from '../../src/main/store/database.js';
import { ItemsRepo } from '../../src/main/store/items-repo.js';
import { MIGRATIONS, migrate } from '../../src/main/store/migrations.js';
import { parseEnvelope } from '../../src/shared/contract/index.js';
import { agreementCsvRow } from './agreement-csv-row.js';
import { pdfText } from './export-pdf-text.js';
import { tempDir } from '../helpers/temp-dir.js';

const KEYWORDS = ['U.S. economy', '1990', 'climate, change', 'trade with Asia'];
const NONE = { content: null, pronunciation: null, fluency: null, words: null, overall: null };

/**
 * An rl result as the contract gives it: the engine heard the first and the last point, and
 * (`lastOutOfPlace`) found the last out of the lecture's order, holding content back to 2.8.
 */
function retellResult(withKeyPoints: boolean, lastOutOfPlace = false): Record<string, unknown> {
  const component = (name: string, score: number, suggestion: string | null = null) => ({
    name,
    score,
    suggestion,
    maxScore: name === 'overall' ? 0 : 5,
    status: 0,
  });
  return {
    success: true,
    message: 'OK',
    version: '1.0.0',
    processTime: 0.2,
    data: {
      components: [
        component(
          'score_content',
          lastOutOfPlace ? 2.8 : 3.3,
          `The answer covers some key points (2 of 4)${lastOutOfPlace ? ', partly out of the lecture’s order (out of place: trade with Asia)' : ''}. Covered: U.S. economy, trade with Asia. Missed: 1990, climate, change.`,
        ),
        component('score_pronunciation', 4),
        component('score_fluency', 3.5),
        component('overall', 3.6),
      ],
      words: [],
      error: null,
      ...(withKeyPoints && {
        keyPoints: KEYWORDS.map((text, index) => ({
          text,
          heard: index === 0 || index === 3,
          confidence: index === 0 || index === 3 ? 0.9 : 0.2,
          start: index === 0 ? 500 : index === 3 ? 4200 : 0,
          end: index === 0 ? 1400 : index === 3 ? 5100 : 0,
          ...(lastOutOfPlace && (index === 0 || index === 3)
            ? { order: index === 3 ? 'out of place' : 'in place' }
            : {}),
        })),
      }),
    },
  };
}

describe('key points in the store', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: Db;
  let attempts: AttemptsRepo;
  let items: ItemsRepo;
  let service: AttemptService;
  let candidateId: number;
  let itemId: number;
  const changed: number[] = [];

  function open(): void {
    db = openDatabase(join(dir.path, 'examiner.db'));
    attempts = new AttemptsRepo(db);
    items = new ItemsRepo(db);
    const queue = { kick: () => undefined, resume: () => undefined } as unknown as ScoringQueue;
    service = new AttemptService(
      { attempts, candidates: new CandidatesRepo(db), items },
      queue,
      () => dir.path,
      { changed: (attempt) => changed.push(attempt.id), deleted: () => undefined },
    );
  }

  beforeEach(() => {
    dir = tempDir();
    open();
    candidateId = new CandidatesRepo(db).create({ name: 'Ana', reference: '', notes: '' }).id;
    itemId = items.create({
      task: 'rl',
      title: 'Economy lecture',
      refText: 'The U.S. economy grew after 1990.',
      keywords: KEYWORDS,
      promptAudioPath: null,
      imagePath: null,
    }).id;
  });
  afterEach(() => {
    db.close();
    dir.remove();
  });

  /**
   * A scored answer; `beforeKeyPoints`: scored by a version that kept no key points;
   * `lastOutOfPlace`: its last point heard before the first, held back (content 2.8 for 3.3).
   */
  function scoredRetell(beforeKeyPoints = false, lastOutOfPlace = false): number {
    const path = join(dir.path, 'answer.wav');
    const id = attempts.insert({
      candidateId,
      itemId,
      task: 'rl',
      audio: { path, mime: 'audio/wav', sha256: 'x' },
      typedAnswer: null,
    });
    attempts.transition(id, ['recorded'], 'scoring');
    attempts.recordRequest(id, JSON.stringify({ scale: 5, precision: 0.1, keywords: KEYWORDS }));
    const body = retellResult(!beforeKeyPoints, lastOutOfPlace);
    attempts.markScored(
      id,
      JSON.stringify(body),
      {
        ...NONE,
        content: lastOutOfPlace ? 2.8 : 3.3,
        pronunciation: 4,
        fluency: 3.5,
        overall: 3.6,
      },
      { ...NONE, content: 5, pronunciation: 5, fluency: 5, overall: 5 },
      0,
      beforeKeyPoints ? [] : freeSpeechKeyPoints('rl', parseEnvelope(body), KEYWORDS),
    );
    return id;
  }

  /** A scored Describe Image answer of `item` in which the engine heard none of `keywords`. */
  function scoredDescription(item: number, keywords: string[]): number {
    const id = attempts.insert({
      candidateId,
      itemId: item,
      task: 'di',
      audio: { path: join(dir.path, 'chart.wav'), mime: 'audio/wav', sha256: 'y' },
      typedAnswer: null,
    });
    attempts.transition(id, ['recorded'], 'scoring');
    attempts.recordRequest(id, JSON.stringify({ scale: 5, precision: 0.1, keywords }));
    const retell = retellResult(false) as { data: { components: { name: string }[] } };
    const body = {
      ...retell,
      data: {
        ...retell.data,
        components: retell.data.components.map((component) =>
          component.name === 'score_content'
            ? { ...component, score: 0, suggestion: null }
            : component,
        ),
        keyPoints: keywords.map((text) => ({
          text,
          heard: false,
          confidence: 0.1,
          start: 0,
          end: 0,
        })),
      },
    };
    attempts.markScored(
      id,
      JSON.stringify(body),
      { ...NONE, content: 0, pronunciation: 4, fluency: 3.5, overall: 2.5 },
      { ...NONE, content: 5, pronunciation: 5, fluency: 5, overall: 5 },
      0,
      freeSpeechKeyPoints('di', parseEnvelope(body), keywords),
    );
    return id;
  }

  it('sends keywords exactly as the examiner wrote them, and exports and imports them so', async () => {
    const item = items.get(itemId)!;
    expect(item.keywords).toEqual(KEYWORDS);
    const id = attempts.insert({
      candidateId,
      itemId,
      task: 'rl',
      audio: { path: join(dir.path, 'a.wav'), mime: 'audio/wav', sha256: 'x' },
      typedAnswer: null,
    });
    const route = { mode: 'embedded' as const, audioRoot: dir.path, mediaBaseUrl: '' };
    const request = await buildRequest(attempts.get(id)!, item, route, {
      scale: 5,
      precision: 0.1,
    });
    expect(request.body.keywords).toEqual(KEYWORDS);
    expect(JSON.parse(request.storedJson).keywords).toEqual(KEYWORDS);
    const media = new MediaStore(join(dir.path, 'media'));
    const zip = await exportBundle([item], media);
    expect(readManifest(filesFromZip(zip))[0]!.fields?.keywords).toEqual(KEYWORDS);
    // A CSV manifest separates keywords with ; or |, so commas and full stops stay inside one.
    const csv = `task,title,refText,keywords\nrl,Economy,The economy grew.,"${KEYWORDS.join(';')}"\n`;
    const rows = readManifest(
      filesFromList([{ path: 'manifest.csv', bytes: Buffer.from(csv, 'utf8') }]),
    );
    expect(rows[0]!.fields?.keywords).toEqual(KEYWORDS);
  });

  it('keeps the engine’s key points with the result, unmarked', () => {
    const id = scoredRetell();
    expect(attempts.keyPointsOf(id)).toEqual(
      KEYWORDS.map((text, position) => ({
        position,
        text,
        engine_heard: position === 0 || position === 3 ? 1 : 0,
        engine_confidence: position === 0 || position === 3 ? 0.9 : 0.2,
        start_ms: position === 0 ? 500 : position === 3 ? 4200 : 0,
        end_ms: position === 0 ? 1400 : position === 3 ? 5100 : 0,
        examiner_heard: null,
      })),
    );
    expect(service.get(id).keyPoints).toEqual({ total: 4, engineHeard: 2, examinerHeard: null });
  });

  it('stores the examiner’s marks beside the engine’s, with content and overall recomputed, across a restart', () => {
    const id = scoredRetell();
    const attempt = service.markKeyPoints({ id, heard: [true, true, true, true] });
    // The engine held nothing back (3.3 of 5 for 2 of 4, two thirds of the coverage that earns
    // full marks): all 4 heard give 5; overall (5/5 + 4/5 + 3.5/5) / 3 × 5 = 4.17 → 4.2.
    expect(attempt.mark).toMatchObject({
      confirmed: false,
      scores: { content: 5, pronunciation: 4, fluency: 3.5, words: null, overall: 4.2 },
    });
    expect(attempt.scores.content).toBe(3.3);
    expect(attempt.keyPoints).toEqual({ total: 4, engineHeard: 2, examinerHeard: 4 });
    expect(changed).toContain(id);

    db.close();
    open();
    const reopened = service.get(id);
    expect(reopened.mark?.scores.content).toBe(5);
    expect(reopened.storedKeyPoints).toEqual(
      KEYWORDS.map((text, position) => ({
        text,
        engineHeard: position === 0 || position === 3,
        examinerHeard: true,
      })),
    );
    expect(attempts.page({}, 10).rows[0]!.key_point_counts).toBe('[4,2,4,4]');
    expect(
      attempts.keyPointAgreement('rl').map((row) => [row.text, row.agreed, row.examiner_only]),
    ).toEqual([
      ['U.S. economy', 1, 0],
      ['1990', 0, 1],
      ['climate, change', 0, 1],
      ['trade with Asia', 1, 0],
    ]);
  });

  it('shows both marks of each key point in the attempt PDF and the counts in the CSV', async () => {
    const id = scoredRetell();
    service.markKeyPoints({ id, heard: [true, true, false, true] });
    const exports = new ExportService(dir.path, attempts, new CandidatesRepo(db));
    const text = pdfText(readFileSync((await exports.attemptPdf(id)).path));
    expect(text).toContain('The engine heard 2 of 4; the examiner heard 3 of 4.');
    expect(text).toContain('U.S. economy');
    expect(text).toContain('heard, 90% sure at 0.5–1.4 s');
    expect(text).toContain('climate, change');
    // 3 of 4 heard is the share that earns full marks.
    expect(text).toContain('Content 5 / 5');
    expect(text).toContain(
      'Content: 3.3 / 5 from the engine’s judgement, 5 / 5 from the examiner’s marks.',
    );
    const csv = readFileSync((await exports.csv({})).path, 'utf8');
    const [header, row] = csv.replace('\uFEFF', '').trim().split('\n');
    const cells = Object.fromEntries(
      header!.split(',').map((name, index) => [JSON.parse(name), row!.split(',')[index]]),
    );
    expect(cells).toMatchObject({
      key_points: '4',
      key_points_engine_heard: '2',
      key_points_examiner_heard: '3',
      examiner_content: '5',
    });
  });

  it('takes the lecture’s order again when the examiner hears the point out of place not said', async () => {
    const id = scoredRetell(false, true);
    // 3 of 4 heard earns full coverage; of the points the engine placed only the first is
    // left, so nothing is out of order: 5, where keeping the engine's hold-back (0.84) gave 4.2.
    const attempt = service.markKeyPoints({ id, heard: [true, true, true, false] });
    expect(attempt.mark?.scores.content).toBe(5);
    const exports = new ExportService(dir.path, attempts, new CandidatesRepo(db));
    const text = pdfText(readFileSync((await exports.attemptPdf(id)).path));
    expect(text).toContain(
      'Content: 2.8 / 5 from the engine’s judgement, 5 / 5 from the examiner’s marks.',
    );
    expect(text.replace(/\s+/gu, ' ')).toContain(
      'heard, 90% sure at 4.2–5.1 s, out of the lecture’s order',
    );
    expect(text).not.toContain('0.5–1.4 s, out of');
  });

  it('lists every Retell Lecture’s key points, both marks and the content from the marks in the candidate PDF', async () => {
    const marked = scoredRetell();
    service.markKeyPoints({ id: marked, heard: [true, true, false, true] });
    scoredRetell();
    scoredRetell(true);
    const ownContent = scoredRetell();
    service.markKeyPoints({ id: ownContent, heard: [true, false, false, false] });
    service.mark({
      id: ownContent,
      confirmed: false,
      scores: { content: 2.5, pronunciation: 4, fluency: 3.5, overall: 3.3 },
      comment: '',
    });
    const exports = new ExportService(dir.path, attempts, new CandidatesRepo(db));
    const pdf = Buffer.from((await exports.candidatePdf(candidateId)).contentBase64, 'base64');
    const text = pdfText(pdf).replace(/\s+/gu, ' ');
    const row = (point: string, engine: string, examiner: string) =>
      `${point} ${engine} ${examiner}`;
    // Oldest first: each attempt's counts, content and rows (key point, engine, examiner).
    const blocks = [
      [
        'The engine heard 2 of 4; the examiner heard 3 of 4. They differ on 1 (shaded).',
        // 3 of 4 heard is the share that earns full marks.
        'Content: 3.3 / 5 from the engine’s judgement, 5 / 5 from the examiner’s marks.',
        row('U.S. economy', 'heard, 90% sure at 0.5–1.4 s', 'heard'),
        row('1990', 'not heard', 'heard'),
        row('climate, change', 'not heard', 'not heard'),
        row('trade with Asia', 'heard, 90% sure at 4.2–5.1 s', 'heard'),
      ],
      [
        'The engine heard 2 of 4; not yet marked by the examiner.',
        'Content: 3.3 / 5 from the engine’s judgement.',
        row('U.S. economy', 'heard, 90% sure at 0.5–1.4 s', 'not marked'),
        row('1990', 'not heard', 'not marked'),
        row('climate, change', 'not heard', 'not marked'),
        row('trade with Asia', 'heard, 90% sure at 4.2–5.1 s', 'not marked'),
      ],
      // Scored before key points were kept: the request's keywords, heard when Covered names
      // them, with neither confidence nor time.
      [
        'The engine heard 2 of 4; not yet marked by the examiner.',
        'Content: 3.3 / 5 from the engine’s judgement.',
        row('U.S. economy', 'heard', 'not marked'),
        row('1990', 'not heard', 'not marked'),
        row('climate, change', 'not heard', 'not marked'),
        row('trade with Asia', 'heard', 'not marked'),
      ],
      [
        'The engine heard 2 of 4; the examiner heard 1 of 4. They differ on 1 (shaded).',
        'Content: 3.3 / 5 from the engine’s judgement, 1.7 / 5 from the examiner’s marks; ' +
          'the examiner’s own content mark is 2.5 / 5.',
        row('U.S. economy', 'heard, 90% sure at 0.5–1.4 s', 'heard'),
        row('1990', 'not heard', 'not heard'),
        row('climate, change', 'not heard', 'not heard'),
        row('trade with Asia', 'heard, 90% sure at 4.2–5.1 s', 'not heard'),
      ],
    ];
    // The table's bold header sits between the summary and the rows in the text layer.
    let from = 0;
    for (const part of blocks.flatMap((lines) => [lines.slice(0, 2), lines.slice(2)])) {
      const at = text.indexOf(part.join(' '), from);
      expect(at, part.join('\n')).toBeGreaterThanOrEqual(from);
      from = at + part.join(' ').length;
    }
    expect(text).toContain('each key point as the engine judged it');
    expect(text).toContain('Economy lecture (Retell Lecture)');
  });

  it('exports the agreement per item and key point in the moderation CSV', async () => {
    const other = items.create({
      task: 'di',
      title: '=Chart',
      refText: 'A chart of trade.',
      keywords: ['-5% growth', 'Asia'],
      promptAudioPath: null,
      imagePath: null,
    }).id;
    const first = scoredRetell();
    service.markKeyPoints({ id: first, heard: [true, true, false, true] });
    const second = scoredRetell();
    service.markKeyPoints({ id: second, heard: [false, false, false, true] });
    scoredRetell();
    const chart = scoredDescription(other, ['-5% growth', 'Asia']);
    service.markKeyPoints({ id: chart, heard: [true, true] });
    const moderation = new ModerationService(dir.path, attempts);
    const shown = moderation.agreement().keyPoints;
    const csv = readFileSync((await moderation.csv()).path, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = parse(csv.slice(1), { columns: true }) as Record<string, string>[];
    const keyPointRows = rows.filter((row) => row.component === 'key_point');
    // One row per key point the moderation view lists, with the same figures; items by title.
    expect(
      keyPointRows.map((row) =>
        [
          row.attempts,
          row.exact_agreement,
          row.agreed,
          row.engine_only_heard,
          row.examiner_only_heard,
        ].map(Number),
      ),
    ).toEqual(
      shown.map((point) => [
        point.n,
        point.agreedShare,
        point.agreed,
        point.engineOnly,
        point.examinerOnly,
      ]),
    );
    expect(keyPointRows).toEqual([
      keyPointRow('Describe Image', "'=Chart", "'-5% growth", 1, '0', '0', '0', '1'),
      keyPointRow('Describe Image', "'=Chart", 'Asia', 1, '0', '0', '0', '1'),
      keyPointRow('Retell Lecture', 'Economy lecture', 'U.S. economy', 2, '0.5', '1', '1', '0'),
      keyPointRow('Retell Lecture', 'Economy lecture', '1990', 2, '0.5', '1', '0', '1'),
      keyPointRow('Retell Lecture', 'Economy lecture', 'climate, change', 2, '1', '2', '0', '0'),
      keyPointRow('Retell Lecture', 'Economy lecture', 'trade with Asia', 2, '1', '2', '0', '0'),
    ]);
    // The component rows come first, as before, and leave the key point columns empty.
    expect(rows[0]).toMatchObject({
      task: 'Retell Lecture',
      component: 'content',
      item: '',
      key_point: '',
      maximum: '5',
      attempts: '2',
      agreed: '',
    });
    expect(rows.indexOf(keyPointRows[0]!)).toBe(rows.length - keyPointRows.length);
    const retell = await moderation.csv('rl');
    const onlyRetell = parse(readFileSync(retell.path, 'utf8').slice(1), { columns: true });
    expect(
      (onlyRetell as Record<string, string>[]).filter((row) => row.component === 'key_point'),
    ).toHaveLength(4);
  });

  it('keeps the examiner’s own delivery marks, and confirms when the marks are the engine’s', () => {
    const id = scoredRetell();
    service.mark({
      id,
      confirmed: false,
      scores: { content: 2.5, pronunciation: 3, fluency: 3, overall: 2.8 },
      comment: 'hesitant',
    });
    const marked = service.markKeyPoints({ id, heard: [true, false, false, false] });
    expect(marked.mark).toMatchObject({
      confirmed: false,
      // 1 of 4 heard, a third of the three in four that earn full marks: 5 / 3 = 1.67 → 1.7;
      // overall (1.7 + 3 + 3) / 15 × 5 = 2.57 → 2.6.
      scores: { content: 1.7, pronunciation: 3, fluency: 3, overall: 2.6 },
      comment: 'hesitant',
    });
    service.clearMark(id);
    const same = service.markKeyPoints({ id, heard: [true, false, false, true] });
    expect(same.mark).toMatchObject({
      confirmed: true,
      scores: { content: 3.3, pronunciation: 4, fluency: 3.5, overall: 3.6 },
    });
    service.clearMark(id);
    expect(service.get(id).storedKeyPoints.map((point) => point.examinerHeard)).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(service.get(id).keyPoints).toEqual({ total: 4, engineHeard: 2, examinerHeard: null });
  });

  it('refuses marks that do not match the key points and writes nothing', () => {
    const id = scoredRetell();
    expect(() => service.markKeyPoints({ id, heard: [true, false] })).toThrow(
      'Mark each of the 4 key points heard or not heard (2 were marked).',
    );
    expect(attempts.keyPointsOf(id).every((row) => row.examiner_heard === null)).toBe(true);
    expect(service.get(id).mark).toBeNull();
  });

  it('marks the key points of a result stored before responses carried them', () => {
    const id = scoredRetell(true);
    expect(attempts.keyPointsOf(id)).toEqual([]);
    const attempt = service.markKeyPoints({ id, heard: [true, true, true, false] });
    // The request's keywords, exactly, each heard by the engine when its Covered list names it.
    expect(
      attempts.keyPointsOf(id).map((row) => [row.text, row.engine_heard, row.examiner_heard]),
    ).toEqual([
      ['U.S. economy', 1, 1],
      ['1990', 0, 1],
      ['climate, change', 0, 1],
      ['trade with Asia', 1, 0],
    ]);
    // 3 of 4 heard earns full marks.
    expect(attempt.mark?.scores.content).toBe(5);
  });

  it('gives a file of the schema before it the key point table', () => {
    const file = join(dir.path, 'old.db');
    const old = new Database(file);
    const before = MIGRATIONS.findIndex((sql) => sql.includes('CREATE TABLE key_points'));
    migrate(old, MIGRATIONS.slice(0, before));
    old.close();
    const upgraded = openDatabase(file);
    const columns = upgraded
      .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('key_points')")
      .all()
      .map((column) => column.name);
    expect(columns).toContain('examiner_heard');
    upgraded.close();
  });
});

/** A key point row of the agreement CSV: the component columns empty. */
function keyPointRow(
  task: string,
  item: string,
  text: string,
  attempts: number,
  share: string,
  agreed: string,
  engineOnly: string,
  examinerOnly: string,
): Record<string, string> {
  return agreementCsvRow({
    task,
    component: 'key_point',
    item,
    key_point: text,
    attempts: String(attempts),
    exact_agreement: share,
    agreed,
    engine_only_heard: engineOnly,
    examiner_only_heard: examinerOnly,
  });
}
