import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch, type ApiHandlers } from '../../src/main/core/api-dispatch.js';
import { ExportService } from '../../src/main/export/export-service.js';
import { openDatabase } from '../../src/main/store/database.js';
import { MIGRATIONS, migrate } from '../../src/main/store/migrations.js';
import { pdfText } from './export-pdf-text.js';
import { ok, rsAnswer, type FakeScoringServer, type Reply } from './main-fake-server.js';
import { QueueHarness, setUpQueue, tearDownQueue, type TempDir } from './main-harness.js';

const SENTENCE = 'The quick brown fox jumps over the lazy dog'.split(' ');

/**
 * An rs result of nine words: a false start, a pause, "brown" unsure and "dog" missed, so the
 * engine heard 8 of 9: content 2 of 3, overall 3.2 of 5.
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
        word(text, at === 2 ? 'Average' : 'Good', 400 + at * 300, at === 2),
      ),
      { ...word('', 'Pause', 0), duration: 500 },
      ...SENTENCE.slice(4, 8).map((text, at) => word(text, 'Good', 2100 + at * 300, false)),
      word('dog', 'Missing', 0),
    ],
    { overall: 3.2, content: 2 },
  );
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

    const attempt = harness.service.markWords({ id, said: BROWN_NOT_SAID });
    // 7 of 9 said: content still 2 of 3; overall 3.2 ÷ 8/9 × 7/9 = 2.8.
    expect(attempt.mark).toMatchObject({
      confirmed: false,
      scores: { content: 2, pronunciation: 4, fluency: 3.5, words: null, overall: 2.8 },
    });
    expect(attempt.scores).toMatchObject({ content: 2, overall: 3.2 });
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
    const id = await harness.scoredAttempt();
    const attempt = harness.service.markWords({ id, said: ENGINE_SAID });
    expect(attempt.mark).toMatchObject({
      confirmed: true,
      scores: { content: 2, pronunciation: 4, fluency: 3.5, overall: 3.2 },
    });
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
    // 8 of 9: content 2; overall 3.2 ÷ 8/9 × 8/9 = 3.2, the engine's.
    expect(text).toContain(
      'Content 2 / 3 and overall 3.2 / 5 are the examiner’s (the engine gave content 2 / 3 and overall 3.2 / 5).',
    );
    // In the transcript, each word the examiner decided otherwise carries their decision.
    expect(text).toMatch(/brown\? \[not said \(examiner\)\] fox/u);
    expect(text).toMatch(/lazy dog \[said \(examiner\)\]/u);
  });

  it('gives a file of the previous schema the reference word table', () => {
    const file = join(dir.path, 'old.db');
    const old = new Database(file);
    migrate(old, MIGRATIONS.slice(0, MIGRATIONS.length - 1));
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
