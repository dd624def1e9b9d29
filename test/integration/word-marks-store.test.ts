import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch, type ApiHandlers } from '../../src/main/core/api-dispatch.js';
import { ExportService } from '../../src/main/export/export-service.js';
import { ModerationService } from '../../src/main/moderation/moderation-service.js';
import { openDatabase } from '../../src/main/store/database.js';
import { MIGRATIONS, migrate } from '../../src/main/store/migrations.js';
import { agreementCsvRow } from './agreement-csv-row.js';
import { pdfText } from './export-pdf-text.js';
import { ok, rsAnswer, type FakeScoringServer, type Reply } from './main-fake-server.js';
import { QueueHarness, setUpQueue, tearDownQueue, waitFor } from './main-harness.js';
import { type TempDir } from '../helpers/temp-dir.js';

const SENTENCE = 'The quick brown fox jumps over the lazy dog'.split(' ');

/**
 * Whether the engine's next rs result holds "brown" unsure (each test starts with it so) or
 * every word it heard surely.
 */
let brownUnsure = true;

/**
 * An rs result of nine words: a false start, a pause, "brown" unsure and "dog" missed, so the
 * engine heard 8 of 9: content 2 of 3, overall 3.0 of 5 (a delivery of 3.6 × 7.5/9, "brown"
 * earning half a word); with "brown" sure, 3.6 × 8/9 = 3.2.
 */
function rsResult(): Reply {
  const word = (text: string, label: string, start: number, unsure?: boolean) => ({
    word: text,
    label,
    start,
    end: label === 'Missing' ? 0 : start + 250,
    pronunciation: label === 'Missing' ? 0 : 3.8,
    unsure,
  });
  return rsAnswer(
    [
      word('The', 'Inserted', 0),
      ...SENTENCE.slice(0, 4).map((text, at) =>
        word(text, at === 2 ? 'Average' : 'Good', 400 + at * 300, at === 2 && brownUnsure),
      ),
      { ...word('', 'Pause', 0), duration: 500 },
      ...SENTENCE.slice(4, 8).map((text, at) => word(text, 'Good', 2100 + at * 300, false)),
      word('dog', 'Missing', 0),
    ],
    { overall: brownUnsure ? 3 : 3.2, content: 2 },
  );
}

function bodyOf(reply: Reply): string {
  if (!('body' in reply)) throw new Error('a reply with a body was expected');
  return reply.body;
}

const ENGINE_SAID = SENTENCE.map((text) => text !== 'dog');
const BROWN_NOT_SAID = SENTENCE.map((text) => text !== 'dog' && text !== 'brown');

interface ReferenceWordDbRow {
  position: number;
  text: string;
  engine_said: number;
  engine_unsure: number;
  examiner_said: number | null;
}

describe('the examiner’s marks of an rs sentence’s words in the store', () => {
  let dir: TempDir, server: FakeScoringServer, harness: QueueHarness;
  beforeEach(async () => {
    brownUnsure = true;
    ({ dir, server, harness } = await setUpQueue((request) =>
      request.path.endsWith('wfd') ? ok('wfd') : rsResult(),
    ));
  });
  afterEach(() => tearDownQueue({ dir, server, harness }));

  function rows(id: number): ReferenceWordDbRow[] {
    return harness.db
      .prepare<[number], ReferenceWordDbRow>(
        `SELECT position, text, engine_said, engine_unsure, examiner_said
           FROM reference_words WHERE attempt_id = ? ORDER BY position`,
      )
      .all(id);
  }

  function markRows(id: number): unknown[] {
    return harness.db.prepare('SELECT * FROM examiner_marks WHERE attempt_id = ?').all(id);
  }

  it('keeps both sets of marks and the examiner’s content and overall, across a restart', async () => {
    const id = await harness.scoredAttempt();
    expect(rows(id)).toEqual([]);
    expect(harness.service.get(id).storedWords).toEqual([]);
    expect(harness.service.list({}, 10).rows[0]?.wordsSaid).toBeNull();

    const attempt = harness.service.markWords({ id, said: BROWN_NOT_SAID });
    // 7 of 9 said: content still 2 of 3; overall 3.0 ÷ 7.5/9 × 7/9 = 2.8.
    expect(attempt.mark).toMatchObject({
      confirmed: false,
      scores: { content: 2, pronunciation: 4, fluency: 3.5, words: null, overall: 2.8 },
    });
    expect(attempt.scores).toMatchObject({ content: 2, overall: 3 });
    expect(harness.events.at(-1)?.mark?.scores.overall).toBe(2.8);
    expect(rows(id)).toEqual(
      SENTENCE.map((text, position) => ({
        position,
        text,
        engine_said: text === 'dog' ? 0 : 1,
        engine_unsure: text === 'brown' ? 1 : 0,
        examiner_said: BROWN_NOT_SAID[position] ? 1 : 0,
      })),
    );

    await harness.close();
    harness = new QueueHarness(dir.path, server.url);
    const reopened = harness.service.get(id);
    expect(reopened.mark?.scores).toMatchObject({ content: 2, overall: 2.8 });
    // History's row: both sides' counts of the words said.
    expect(harness.service.list({}, 10).rows[0]?.wordsSaid).toEqual({
      total: 9,
      engineSaid: 8,
      examinerSaid: 7,
    });
    expect(reopened.storedWords).toEqual(
      SENTENCE.map((text, position) => ({
        text,
        engineSaid: ENGINE_SAID[position],
        examinerSaid: BROWN_NOT_SAID[position],
      })),
    );

    // Marking again rewrites the examiner's marks over the same rows: "dog" said too.
    const all = harness.service.markWords({ id, said: SENTENCE.map(() => true) });
    expect(all.mark?.scores).toMatchObject({ content: 3, overall: 3.6 });
    expect(rows(id).map((row) => row.examiner_said)).toEqual(SENTENCE.map(() => 1));
  });

  it('confirms the engine’s scores when the examiner marks every word as the engine did', async () => {
    brownUnsure = false;
    const id = await harness.scoredAttempt();
    const attempt = harness.service.markWords({ id, said: ENGINE_SAID });
    expect(attempt.mark).toMatchObject({
      confirmed: true,
      scores: { content: 2, pronunciation: 4, fluency: 3.5, overall: 3.2 },
    });
  });

  it('gives an unsure word the examiner keeps said a whole word: their overall, not the engine’s', async () => {
    const id = await harness.scoredAttempt();
    // 3.0 ÷ 7.5/9 × 8/9 = 3.2.
    const attempt = harness.service.markWords({ id, said: ENGINE_SAID });
    expect(attempt.mark).toMatchObject({ confirmed: false, scores: { content: 2, overall: 3.2 } });
  });

  it('refuses bad input with a message for the examiner and writes nothing', async () => {
    const id = await harness.scoredAttempt();
    const handlers = {
      'attempts.markWords': (input: { id: number; said: boolean[] }) =>
        harness.service.markWords(input),
    } as unknown as ApiHandlers;
    const refused = async (input: unknown, message: string | RegExp) => {
      await expect(dispatch(handlers, 'attempts.markWords', input)).rejects.toMatchObject({
        name: 'UserFacingError',
        message: expect.stringMatching(message),
      });
    };
    await refused(
      { id, said: [true, false] },
      /^Mark each of the sentence’s 9 words said or not said \(2 were marked\)\.$/u,
    );
    await refused({ id, said: 'all' }, /expected array/iu);
    await refused({ id, said: [1, 0, 1] }, /expected boolean/iu);
    await refused({ id: -1, said: ENGINE_SAID }, /.+/u);
    await refused({ id: 9999, said: ENGINE_SAID }, /^That attempt no longer exists\.$/u);
    const dictation = await harness.scoredAttempt('wfd');
    await refused(
      { id: dictation, said: [true] },
      /^Words are marked said or not said on a scored Repeat Sentence\.$/u,
    );
    await harness.queue.stop();
    const { candidateId, rsItem } = harness.seed();
    const waiting = await harness.submitAudio(candidateId, rsItem);
    expect(harness.status(waiting.id)).not.toBe('scored');
    await refused(
      { id: waiting.id, said: ENGINE_SAID },
      /^Words are marked said or not said on a scored Repeat Sentence\.$/u,
    );
    for (const attempt of [id, dictation, waiting.id]) {
      expect(rows(attempt)).toEqual([]);
      expect(markRows(attempt)).toEqual([]);
    }
  });

  it('clears the examiner’s word marks with their mark, and keeps the engine’s', async () => {
    const id = await harness.scoredAttempt();
    harness.service.markWords({ id, said: BROWN_NOT_SAID });
    const cleared = harness.service.clearMark(id);
    expect(cleared.mark).toBeNull();
    expect(markRows(id)).toEqual([]);
    expect(rows(id).map((row) => [row.engine_said, row.examiner_said])).toEqual(
      ENGINE_SAID.map((said) => [said ? 1 : 0, null]),
    );
    expect(harness.service.get(id).storedWords.map((word) => word.examinerSaid)).toEqual(
      SENTENCE.map(() => null),
    );
  });

  it('shows the examiner’s word marks and whose content it is in the attempt PDF', async () => {
    const id = await harness.scoredAttempt();
    const exports = new ExportService(dir.path, harness.attempts, harness.candidates);
    const before = pdfText(readFileSync((await exports.attemptPdf(id)).path));
    expect(before).not.toContain('Words marked by the examiner');
    expect(before).not.toContain('(examiner)');

    harness.service.markWords({
      id,
      said: SENTENCE.map((text) => text !== 'brown'),
    });
    const text = pdfText(readFileSync((await exports.attemptPdf(id)).path)).replace(/\s+/gu, ' ');
    expect(text).toContain('Words marked by the examiner');
    expect(text).toContain(
      'The engine heard 8 of 9 words; the examiner marked 8 of 9 said: ' +
        '“brown” not said (examiner), “dog” said (examiner).',
    );
    // 8 of 9: content 2; overall 3.0 ÷ 7.5/9 × 8/9 = 3.2.
    expect(text).toContain(
      'Content 2 / 3 and overall 3.2 / 5 are the examiner’s (the engine gave content 2 / 3 and overall 3 / 5).',
    );
    // In the transcript, each word the examiner decided otherwise carries their decision.
    expect(text).toMatch(/brown\? \[not said \(examiner\)\] fox/u);
    expect(text).toMatch(/lazy dog \[said \(examiner\)\]/u);
  });

  it('lists a Repeat Sentence with a word the engine is unsure of under Needs review until the examiner marks its words', async () => {
    const id = await harness.scoredAttempt();
    await harness.scoredAttempt('wfd');
    const needsReview = () =>
      harness.service.list({ review: 'needs_review' }, 10).rows.map((row) => row.id);
    expect(harness.attempts.get(id)).toMatchObject({ unsure_words: 1 });
    expect(needsReview()).toEqual([id]);
    expect(harness.service.list({}, 10).rows.map((row) => row.unsureWords)).toEqual([0, 1]);
    harness.service.markWords({ id, said: ENGINE_SAID });
    expect(needsReview()).toEqual([]);
  });

  it('counts the unsure words of results stored before the count was kept', () => {
    const file = join(dir.path, 'old.db');
    const old = new Database(file);
    const before = MIGRATIONS.findIndex((sql) => sql.includes('ADD COLUMN unsure_words'));
    migrate(old, MIGRATIONS.slice(0, before));
    old.exec(`INSERT INTO candidates (name, created_at) VALUES ('Ana', 'now');
      INSERT INTO items (task, title, ref_text, created_at) VALUES ('rs', 'S', 'x', 'now'),
        ('wfd', 'D', 'x', 'now');`);
    const insert = old.prepare(
      `INSERT INTO attempts (candidate_id, item_id, task, status, typed_answer, created_at,
         updated_at, response_json) VALUES (1, ?, ?, 'scored', 'x', 'now', 'now', ?)`,
    );
    insert.run(1, 'rs', bodyOf(rsResult()));
    insert.run(2, 'wfd', bodyOf(ok('wfd')));
    old.close();
    const upgraded = openDatabase(file);
    const counts = upgraded.prepare('SELECT task, unsure_words FROM attempts ORDER BY id').all();
    expect(counts).toEqual([
      { task: 'rs', unsure_words: 1 },
      { task: 'wfd', unsure_words: 0 },
    ]);
    upgraded.close();
  });

  it('gives a file of the previous schema the reference word table', () => {
    const file = join(dir.path, 'old.db');
    const old = new Database(file);
    const before = MIGRATIONS.findIndex((sql) => sql.includes('CREATE TABLE reference_words'));
    migrate(old, MIGRATIONS.slice(0, before));
    expect(
      old.prepare("SELECT name FROM sqlite_master WHERE name = 'reference_words'").all(),
    ).toEqual([]);
    old.close();
    const upgraded = openDatabase(file);
    const columns = upgraded
      .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('reference_words')")
      .all()
      .map((column) => column.name);
    expect(columns).toEqual([
      'attempt_id',
      'position',
      'text',
      'engine_said',
      'engine_unsure',
      'start_ms',
      'end_ms',
      'examiner_said',
    ]);
    upgraded.close();
  });
});

describe('the examiner’s word marks in Moderation and the exports', () => {
  let dir: TempDir, server: FakeScoringServer, harness: QueueHarness;
  beforeEach(async () => {
    brownUnsure = true;
    ({ dir, server, harness } = await setUpQueue((request) =>
      request.path.endsWith('wfd') ? ok('wfd') : rsResult(),
    ));
  });
  afterEach(() => tearDownQueue({ dir, server, harness }));

  /** Another answer of the same candidate to the same item, once it is scored. */
  async function answerAgain(id: number): Promise<number> {
    const row = harness.attempts.get(id)!;
    const next = await harness.submitAudio(row.candidate_id, row.item_id);
    await waitFor(() => harness.status(next.id) === 'scored', 10_000, 'scoring');
    return next.id;
  }

  /**
   * Marked: "brown" (unsure) and "dog" (missing) not said; every word said ("dog" too); then
   * marks that were cleared, an answer never marked, and a marked dictation.
   */
  async function markedAnswers(): Promise<{ brownNotSaid: number; allSaid: number }> {
    const brownNotSaid = await harness.scoredAttempt();
    harness.service.markWords({ id: brownNotSaid, said: BROWN_NOT_SAID });
    const allSaid = await answerAgain(brownNotSaid);
    harness.service.markWords({ id: allSaid, said: SENTENCE.map(() => true) });
    const cleared = await answerAgain(brownNotSaid);
    harness.service.markWords({ id: cleared, said: BROWN_NOT_SAID });
    harness.service.clearMark(cleared);
    await answerAgain(brownNotSaid);
    const dictation = await harness.scoredAttempt('wfd');
    harness.service.mark({ id: dictation, confirmed: true, scores: {}, comment: '' });
    return { brownNotSaid, allSaid };
  }

  it('counts how often the engine and the examiner agreed a word was said, the unsure words apart, in the view and its CSV', async () => {
    await markedAnswers();
    const moderation = new ModerationService(dir.path, harness.attempts);
    // 18 words marked in 2 answers: "brown" said by the engine and not by the examiner in the
    // first, "dog" missing for the engine and said by the examiner in the second.
    const words = [
      {
        words: 'all',
        attempts: 2,
        n: 18,
        agreed: 16,
        agreedShare: 16 / 18,
        engineOnly: 1,
        examinerOnly: 1,
      },
      {
        words: 'unsure',
        attempts: 2,
        n: 2,
        agreed: 1,
        agreedShare: 0.5,
        engineOnly: 1,
        examinerOnly: 0,
      },
      {
        words: 'sure',
        attempts: 2,
        n: 16,
        agreed: 15,
        agreedShare: 15 / 16,
        engineOnly: 0,
        examinerOnly: 1,
      },
    ];
    expect(moderation.agreement().words).toEqual(words);
    expect(moderation.agreement('rs').words).toEqual(words);
    expect(moderation.agreement('wfd').words).toEqual([]);
    expect(moderation.agreement('wfd').rows.map((row) => row.task)).toContain('wfd');

    const csv = readFileSync((await moderation.csv()).path, 'utf8');
    const rows = parse(csv.slice(1), { columns: true }) as Record<string, string>[];
    // The words' own columns come last, after the key points'.
    expect(Object.keys(rows[0]!).slice(-5).join()).toBe(
      'examiner_only_heard,word_group,words_marked,engine_only_said,examiner_only_said',
    );
    const said = rows.filter((row) => row.component === 'word_said');
    expect(said).toEqual(
      [
        ['all', '2', '18', String(16 / 18), '16', '1', '1'],
        ['unsure', '2', '2', '0.5', '1', '1', '0'],
        ['sure', '2', '16', '0.9375', '15', '0', '1'],
      ].map(([group, attempts, marked, share, agreed, engineOnly, examinerOnly]) =>
        agreementCsvRow({
          task: 'Repeat Sentence',
          component: 'word_said',
          word_group: group,
          attempts,
          words_marked: marked,
          exact_agreement: share,
          agreed,
          engine_only_said: engineOnly,
          examiner_only_said: examinerOnly,
        }),
      ),
    );
    // They come last, after the component rows, which leave their columns empty.
    expect(rows.slice(-3)).toEqual(said);
    expect(rows.find((row) => row.task === 'Repeat Sentence')).toMatchObject({
      component: 'content',
      attempts: '2',
      word_group: '',
      words_marked: '',
      engine_only_said: '',
    });
    const dictation = readFileSync((await moderation.csv('wfd')).path, 'utf8');
    expect(
      (parse(dictation.slice(1), { columns: true }) as Record<string, string>[]).filter(
        (row) => row.component === 'word_said',
      ),
    ).toEqual([]);
  });

  it('gives each Repeat Sentence with word marks both counts and the words overturned in the History CSV', async () => {
    const { brownNotSaid, allSaid } = await markedAnswers();
    const exports = new ExportService(dir.path, harness.attempts, harness.candidates);
    const csv = readFileSync((await exports.csv({})).path, 'utf8');
    const rows = parse(csv.slice(1), { columns: true }) as Record<string, string>[];
    const columns = (row: Record<string, string>) => [
      row.task,
      row.sentence_words,
      row.sentence_words_engine_said,
      row.sentence_words_examiner_said,
      row.sentence_words_overturned,
      row.sentence_words_unsure,
    ];
    const [dictation, unmarked, cleared, second, first] = rows;
    expect(rows.map((row) => Number(row.attempt_id)).slice(3)).toEqual([allSaid, brownNotSaid]);
    // "brown" is the one word the engine is unsure of, marked or not.
    expect(columns(first!)).toEqual(['Repeat Sentence', '9', '8', '7', 'brown (not said)', '1']);
    expect(columns(second!)).toEqual(['Repeat Sentence', '9', '8', '9', 'dog (said)', '1']);
    for (const row of [cleared!, unmarked!]) {
      expect(columns(row)).toEqual(['Repeat Sentence', '', '', '', '', '1']);
    }
    expect(columns(dictation!)).toEqual(['Write From Dictation', '', '', '', '', '']);
    expect(Object.keys(first!).slice(-10, -5)).toEqual([
      'sentence_words',
      'sentence_words_engine_said',
      'sentence_words_examiner_said',
      'sentence_words_overturned',
      'sentence_words_unsure',
    ]);
  });

  it('lists each Repeat Sentence whose words the examiner marked in the candidate PDF', async () => {
    const first = await harness.scoredAttempt();
    harness.service.markWords({ id: first, said: BROWN_NOT_SAID });
    await answerAgain(first);
    brownUnsure = false;
    const confirmed = await answerAgain(first);
    harness.service.markWords({ id: confirmed, said: ENGINE_SAID });
    const exports = new ExportService(dir.path, harness.attempts, harness.candidates);
    const candidate = harness.attempts.get(first)!.candidate_id;
    const pdf = Buffer.from((await exports.candidatePdf(candidate)).contentBase64, 'base64');
    const text = pdfText(pdf).replace(/\s+/gu, ' ');
    // Under the section's heading, each marked answer under its date and item (bold): two,
    // the answer never marked is not listed.
    expect(text).toContain('Words marked by the examiner');
    expect(text.split('· RS 1 (Repeat Sentence)').length - 1).toBe(2);
    // Their lines, oldest first.
    const lines = [
      'The engine heard 8 of 9 words; the examiner marked 7 of 9 said: “brown” not said (examiner).',
      'Content 2 / 3 and overall 2.8 / 5 are the examiner’s (the engine gave content 2 / 3 and overall 3 / 5).',
      'The engine heard 8 of 9 words; the examiner marked 8 of 9 said, as the engine did.',
      'The examiner’s marks confirm the engine’s content 2 / 3 and overall 3.2 / 5.',
    ];
    let from = 0;
    for (const line of lines) {
      const at = text.indexOf(line, from);
      expect(at, line).toBeGreaterThanOrEqual(from);
      from = at + line.length;
    }
    expect(text.split('The engine heard').length - 1).toBe(2);
  });
});
