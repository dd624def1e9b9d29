import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExportService } from '../../src/main/export/export-service.js';
import { parseEnvelopeText, untimedWord } from '../../src/shared/contract/index.js';
import { rsAnswer, type FakeScoringServer, type Reply } from './main-fake-server.js';
import { setUpQueue, tearDownQueue, type QueueHarness } from './main-harness.js';
import { type TempDir } from '../helpers/temp-dir.js';

/**
 * An rs result whose "cat" the engine is not sure was said, whose "sat" it is sure of, and
 * whose "down" it called Missing unsurely.
 */
function unsureAnswer(): Reply {
  const timed = (word: string, start: number, unsure: boolean) => ({
    word,
    label: 'Good',
    start,
    end: start + 300,
    pronunciation: 4,
    unsure,
  });
  return rsAnswer([
    timed('the', 0, false),
    timed('cat', 400, true),
    timed('sat', 800, false),
    { ...untimedWord('down', 'Missing'), unsure: true },
  ]);
}

const PDFTOTEXT = !spawnSync('pdftotext', ['-v']).error;

/** Poppler's text layer, laid out: the bold "?" drawn after a word reads as part of it. */
function popplerText(pdfPath: string): string {
  return spawnSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' }).stdout;
}

describe('words the engine is not sure whether were said, from the scoring response to the report', () => {
  let dir: TempDir, server: FakeScoringServer, harness: QueueHarness;
  beforeEach(async () => {
    ({ dir, server, harness } = await setUpQueue(unsureAnswer));
  });
  afterEach(() => tearDownQueue({ dir, server, harness }));

  it('keeps `unsure` through the response’s validation and the store', async () => {
    const id = await harness.scoredAttempt();
    const stored = harness.service.get(id).responseJson!;
    const words = parseEnvelopeText(stored).data.words;
    expect(words.map((word) => [word.word, word.unsure])).toEqual([
      ['the', false],
      ['cat', true],
      ['sat', false],
      ['down', true],
    ]);
  });

  it.skipIf(!PDFTOTEXT)(
    'marks the words in the attempt PDF and lists them to listen for',
    async () => {
      const id = await harness.scoredAttempt();
      const service = new ExportService(dir.path, harness.attempts, harness.candidates);
      const text = popplerText((await service.attemptPdf(id)).path);
      expect(text).toMatch(/\bthe cat\? sat down\?/u);
      expect(text).toContain(
        'Listen to check: “cat”, “down” — the engine is not sure whether these were said.',
      );
      expect(text).toMatch(/\?\s+Unsure: listen/u);
    },
  );

  it.skipIf(!PDFTOTEXT)('leaves a word the examiner has marked out of the list', async () => {
    const id = await harness.scoredAttempt();
    harness.service.markWords({ id, said: [true, true, true, false] });
    const service = new ExportService(dir.path, harness.attempts, harness.candidates);
    const text = popplerText((await service.attemptPdf(id)).path);
    expect(text).toMatch(/\bthe cat\? sat down\?/u);
    expect(text).not.toContain('Listen to check');
  });
});
