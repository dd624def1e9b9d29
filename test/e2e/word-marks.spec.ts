import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { rsAnswer, type Reply } from '../integration/main-fake-server';
import { expect, test } from './fixtures';
import { ROOT } from './support/environment';
import { watchFirstSeek } from './support/player-seeks';
import { openRsAttempt, withScoredRsAttempt } from './support/scored-rs-attempt';

const SHOTS = join(ROOT, '.tmp/shots');
const SENTENCE = 'The quick brown fox jumps over the lazy dog'.split(' ');

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

/**
 * A scripted engine's answer: "brown" and "lazy" unsure, each earning half a word of overall;
 * every word heard (content 3 of 3, overall 3.5 of 5: 8 of 9 words' share) or (`dogMissed`)
 * all but "dog" (content 2 of 3, overall 3.2: 7 of 9), Missing unsurely with `dogUnsure`.
 */
function scriptedAnswer(dogMissed = false, dogUnsure = false): Reply {
  return rsAnswer(
    SENTENCE.map((word, index) =>
      dogMissed && word === 'dog'
        ? { word, label: 'Missing', start: 0, end: 0, pronunciation: 0, unsure: dogUnsure }
        : {
            word,
            label: word === 'brown' ? 'Average' : 'Good',
            start: 200 + index * 300,
            end: 450 + index * 300,
            pronunciation: word === 'brown' ? 3 : 4.2,
            unsure: word === 'brown' || word === 'lazy',
          },
    ),
    { overall: dogMissed ? 3.2 : 3.5, content: dogMissed ? 2 : 3 },
  );
}

/**
 * After "brown" is marked not said: 8 of 9 words, content 2 of 3. Overall keeps the engine's
 * 3.5: its 7 sure words and two unsure halves were 8 of 9, as the examiner's 8 whole words are.
 */
const MARKED =
  'Examiner’s word marks: 8 of 9 said (engine 9 of 9) · content 2 / 3 (engine 3 / 3) · ' +
  'overall 3.5 / 5 (engine 3.5 / 5)';

test('the examiner marks an unsure Repeat Sentence word not said: their content and overall follow and stay', async ({
  app,
}) => {
  const { page } = app;
  await withScoredRsAttempt(app, scriptedAnswer(), async (id) => {
    let view = await openRsAttempt(page);
    let words = view.getByRole('region', { name: 'Word by word' });
    const note = words.getByTestId('unsure-note');
    await expect(note).toHaveText(
      'Listen to check: “brown” not said, “lazy” not said — the engine is not sure whether these were said.',
    );
    await expect(words.getByTestId('word-mark-scores')).toHaveCount(0);
    await page.mouse.move(0, 0);
    await words.screenshot({ path: join(SHOTS, 'word-marks-unmarked.png') });

    // The note offers the mark directly: "brown" was listened to and not heard.
    const notSaid = note.getByRole('button', { name: 'brown: not said' });
    await press(notSaid);
    await expectMarked(view);
    const stored = await app.call('attempts.get', { id });
    expect(
      stored.storedWords.map((word) => [word.text, word.engineSaid, word.examinerSaid]),
    ).toEqual(SENTENCE.map((word) => [word, true, word !== 'brown']));
    expect(stored.scores).toMatchObject({ content: 3, overall: 3.5 });
    await page.mouse.move(0, 0);
    await words.screenshot({ path: join(SHOTS, 'word-marks-marked.png') });

    // The marking mode: a tick beside every word, the examiner's marks as given.
    await words.getByRole('button', { name: 'Mark words said or not' }).click();
    const ticks = words.getByLabel('Transcript', { exact: true }).getByRole('checkbox');
    await expect(ticks).toHaveCount(SENTENCE.length);
    for (const [index, word] of SENTENCE.entries()) {
      const tick = ticks.nth(index);
      await expect(tick).toHaveAccessibleName(`“${word}” said`);
      if (word === 'brown') await expect(tick).not.toBeChecked();
      else await expect(tick).toBeChecked();
    }
    await page.mouse.move(0, 0);
    await words.screenshot({ path: join(SHOTS, 'word-marks-marking-mode.png') });
    await words.getByRole('button', { name: 'Done marking' }).click();
    await expect(ticks).toHaveCount(0);

    // After a reload, the marks, their look and the examiner's scores are as they were.
    await page.reload();
    await page.locator('#root').waitFor({ state: 'attached' });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'History' })
      .click();
    const row = page.getByRole('row', { name: /Ines Duarte/u });
    await expect(row).toContainText(
      'Examiner (engine 3.5 / 5) · words said: examiner 8 of 9, engine 9',
    );
    await page.getByRole('table', { name: 'Attempts' }).screenshot({
      path: join(SHOTS, 'word-marks-history-row.png'),
    });
    view = await openRsAttempt(page);
    words = view.getByRole('region', { name: 'Word by word' });
    await expect(words.getByRole('button', { name: 'brown: not said' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(words.getByRole('button', { name: 'lazy: not said' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expectMarked(view);
    await page.mouse.move(0, 0);
    await view.screenshot({ path: join(SHOTS, 'word-marks-history-attempt.png') });

    // The attempt report says so too, kept as PNG pages to be looked at.
    const pdf = await app.call('export.attemptPdf', { id });
    const pdfPath = join(SHOTS, 'word-marks-report.pdf');
    writeFileSync(pdfPath, Buffer.from(pdf.contentBase64, 'base64'));
    const text = spawnSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    test.skip(text.status !== 0, 'pdftotext (poppler-utils) is needed to read the PDF');
    const flat = text.stdout.replace(/\s+/gu, ' ');
    expect(flat).toContain('“brown” not said (examiner)');
    expect(flat).toContain('Content 2 / 3 and overall 3.5 / 5 are the examiner’s');
    // Every word now has the examiner's mark: none is left to listen to.
    expect(flat).not.toContain('Listen to check');
    spawnSync('pdftoppm', ['-png', '-r', '80', pdfPath, join(SHOTS, 'word-marks-report')]);
  });
});

/** History filtered to the attempts that need review: the rows of "Ines Duarte". */
async function needingReview(page: Page): Promise<Locator> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'History' })
    .click();
  await page.getByLabel('Review').selectOption('needs_review');
  return page.getByRole('table', { name: 'Attempts' }).getByRole('row', { name: /Ines Duarte/u });
}

/**
 * After the missed "dog" is marked said: 9 of 9, every word whole, content 3 of 3; overall
 * 3.2 ÷ 7/9 = 4.1. And the word as stored.
 */
const DOG_SAID =
  'Examiner’s word marks: 9 of 9 said (engine 8 of 9) · content 3 / 3 (engine 2 / 3) · ' +
  'overall 4.1 / 5 (engine 3.2 / 5)';
const DOG_STORED = { text: 'dog', engineSaid: false, examinerSaid: true };

test('a word the engine missed is marked said in the marking mode', async ({ app }) => {
  const { page } = app;
  await withScoredRsAttempt(app, scriptedAnswer(true), async (id) => {
    // Two words the engine is unsure of: the answer needs review until its words are marked.
    const row = await needingReview(page);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Not reviewed · 2 words to listen to');
    await page.screenshot({ path: join(SHOTS, 'word-marks-needs-review.png') });
    const view = await openRsAttempt(page);
    const words = view.getByRole('region', { name: 'Word by word' });
    await words.getByRole('button', { name: 'Mark words said or not' }).click();
    const dogSaid = words.getByRole('checkbox', { name: '“dog” said' });
    await expect(dogSaid).not.toBeChecked();
    await dogSaid.check();
    await expect(words.getByTestId('word-mark-scores')).toHaveText(DOG_SAID);
    await expect(dogSaid).toBeChecked();
    const dog = words.getByLabel('Transcript', { exact: true }).getByText('dog', { exact: true });
    await expect(dog).toHaveAttribute('data-label', 'Missing');
    await expect(dog).toHaveAttribute('data-examiner', 'said');
    expect((await decoration(dog)).line).toBe('none');
    await expect(view.getByLabel('Word colours').getByText('Said (examiner)')).toBeVisible();
    await expect(view.getByTestId('final-mark')).toHaveText(
      'Final overall: 4.1 / 5 (the examiner’s)',
    );
    expect((await app.call('attempts.get', { id })).storedWords.at(-1)).toEqual(DOG_STORED);
    await page.mouse.move(0, 0);
    await words.screenshot({ path: join(SHOTS, 'word-marks-missing-said.png') });
    await page.reload();
    await page.locator('#root').waitFor({ state: 'attached' });
    await expect(await needingReview(page)).toHaveCount(0);
    await expect(page.getByText('No attempts match these filters')).toBeVisible();
  });
});

test('a word the engine called Missing unsurely is listed to listen for, and marked said from the note', async ({
  app,
}) => {
  const { page } = app;
  await withScoredRsAttempt(app, scriptedAnswer(true, true), async (id) => {
    await expect(await needingReview(page)).toContainText('Not reviewed · 3 words to listen to');
    const view = await openRsAttempt(page);
    const words = view.getByRole('region', { name: 'Word by word' });
    const dog = words.getByLabel('Transcript', { exact: true }).getByText('dog', { exact: true });
    await expect(dog).toHaveAttribute('data-label', 'Missing');
    await expect(dog).toHaveAttribute('data-unsure', 'true');
    await expect(dog).toHaveAttribute(
      'title',
      'Missing, pronunciation 0. The engine is not sure whether this word was said: listen for ' +
        'it. Click to hear the words around it.',
    );
    const note = words.getByTestId('unsure-note');
    await expect(note).toHaveText(
      'Listen to check: “brown” not said, “lazy” not said, “dog” said — the engine is not sure ' +
        'whether these were said.',
    );
    // With no time of its own, "dog" plays from the word before it ("lazy", at 2.3 s) on.
    const seekedTo = await watchFirstSeek(view.getByLabel('Recording', { exact: true }));
    await note.getByRole('button', { name: '“dog”' }).click();
    await expect.poll(seekedTo).not.toBeNull();
    expect(Math.abs((await seekedTo())! - 2.3)).toBeLessThan(0.3);
    await page.mouse.move(0, 0);
    await words.screenshot({ path: join(SHOTS, 'word-marks-missing-unsure.png') });

    // Heard after all: the note's toggle marks it said, every other word as the engine had it.
    const said = note.getByRole('button', { name: 'dog: said' });
    await press(said);
    // "dog" earned nothing of the engine's share, so the marks are those of the marking mode.
    await expect(words.getByTestId('word-mark-scores')).toHaveText(DOG_SAID);
    await expect(dog).toHaveAttribute('data-examiner', 'said');
    expect((await app.call('attempts.get', { id })).storedWords.at(-1)).toEqual(DOG_STORED);
    await page.mouse.move(0, 0);
    await words.screenshot({ path: join(SHOTS, 'word-marks-missing-unsure-said.png') });

    // Pressed again, the engine's decision is the examiner's mark.
    await said.click();
    await expect(said).toHaveAttribute('aria-pressed', 'false');
    await expect(dog).not.toHaveAttribute('data-examiner');
  });
});

test('Moderation counts the words the engine and the examiner judged said, the unsure ones apart', async ({
  app,
}) => {
  const { page } = app;
  await withScoredRsAttempt(app, scriptedAnswer(), async (id) => {
    const words = (await openRsAttempt(page)).getByRole('region', { name: 'Word by word' });
    await words.getByRole('button', { name: 'brown: not said' }).click();
    await expect(words.getByTestId('word-mark-scores')).toHaveText(MARKED);
    await page.keyboard.press('Escape');

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Moderation' })
      .click();
    const table = page.getByRole('table', { name: 'Word agreement' });
    // 9 words marked; "brown" and "lazy" unsure, "brown" said by the engine alone.
    const expected = [
      ['All words', '1', '9', '8 (89 %)', '1', '0'],
      ['Marked unsure by the engine', '1', '2', '1 (50 %)', '1', '0'],
      ['The rest', '1', '7', '7 (100 %)', '0', '0'],
    ];
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(expected.length);
    for (const [index, cells] of expected.entries()) {
      await expect(rows.nth(index).getByRole('cell')).toHaveText(cells);
    }
    await expect(page.getByRole('heading', { name: 'Words said (Repeat Sentence)' })).toBeVisible();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(SHOTS, 'word-moderation-page.png'), fullPage: true });
    await page
      .getByRole('heading', { name: 'Words said (Repeat Sentence)' })
      .scrollIntoViewIfNeeded();
    await table.screenshot({ path: join(SHOTS, 'word-moderation-table.png') });

    // The CSV holds the same counts; another task's view has no words.
    const csv = await app.call('export.agreementCsv', { task: 'rs' });
    const records = parse(Buffer.from(csv.contentBase64, 'base64').toString('utf8').slice(1), {
      columns: true,
    }) as Record<string, string>[];
    expect(
      records
        .filter((row) => row.component === 'word_said')
        .map((row) => [
          row.word_group,
          row.attempts,
          row.words_marked,
          row.agreed,
          row.engine_only_said,
          row.examiner_only_said,
        ]),
    ).toEqual([
      ['all', '1', '9', '8', '1', '0'],
      ['unsure', '1', '2', '1', '1', '0'],
      ['sure', '1', '7', '7', '0', '0'],
    ]);
    await page.getByLabel('Task').selectOption({ label: 'Retell Lecture' });
    await expect(table).toHaveCount(0);
    await page.getByLabel('Task').selectOption({ label: 'Repeat Sentence' });
    await expect(rows.first().getByRole('cell')).toHaveText(expected[0]!);
    expect((await app.call('attempts.get', { id })).mark?.scores.overall).toBe(3.5);
  });
});

/** Presses a note's toggle, unpressed before. */
async function press(toggle: Locator): Promise<void> {
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
}

/** "brown" struck through in its own colour, and the examiner's content and final overall. */
async function expectMarked(view: Locator): Promise<void> {
  const words = view.getByRole('region', { name: 'Word by word' });
  await expect(words.getByTestId('word-mark-scores')).toHaveText(MARKED);
  const transcript = words.getByLabel('Transcript', { exact: true });
  const brown = transcript.getByRole('button', { name: 'brown', exact: true });
  await expect(brown).toHaveAttribute('data-examiner', 'not said');
  await expect(brown).toHaveAttribute('data-label', 'Average');
  await expect(brown).toHaveAttribute(
    'title',
    'Average, pronunciation 3. The engine is not sure whether this word was said: listen for it. ' +
      'Examiner: not said. Click to hear it.',
  );
  expect(await decoration(brown)).toMatchObject({
    line: 'line-through',
    background: 'rgb(255, 240, 204)',
  });
  // The other unsure word, and the sure ones, keep the engine's look.
  for (const name of ['lazy', 'quick']) {
    const other = transcript.getByRole('button', { name, exact: true });
    await expect(other).not.toHaveAttribute('data-examiner');
    expect((await decoration(other)).line).toBe('none');
  }
  await expect(view.getByLabel('Word colours').getByText('Not said (examiner)')).toBeVisible();
  await expect(view.getByTestId('final-mark')).toHaveText(
    'Final overall: 3.5 / 5 (the examiner’s)',
  );
  await expect(view.getByRole('spinbutton', { name: /^Content/u })).toHaveValue('2');
}

/** The word's text decoration and background, as drawn. */
function decoration(word: Locator): Promise<{ line: string; background: string }> {
  return word.evaluate((element) => {
    const style = (
      globalThis as unknown as { getComputedStyle(e: unknown): Record<string, string> }
    ).getComputedStyle(element);
    return { line: style.textDecorationLine!, background: style.backgroundColor! };
  });
}
