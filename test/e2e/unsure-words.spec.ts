import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { rsAnswer } from '../integration/main-fake-server';
import { expect, test } from './fixtures';
import { ROOT } from './support/environment';
import { watchFirstSeek } from './support/player-seeks';
import { openRsAttempt, withScoredRsAttempt } from './support/scored-rs-attempt';

const SHOTS = join(ROOT, '.tmp/shots');
const UNSURE = 'The engine is not sure whether this word was said: listen for it';

/** The words a scripted engine returns: "brown" and "lazy" unsure, "over" as stored before. */
const WORDS: [word: string, label: string, start: number, end: number, unsure?: boolean][] = [
  ['The', 'Good', 200, 400, false],
  ['quick', 'Good', 420, 700, false],
  ['brown', 'Average', 720, 1000, true],
  ['fox', 'Good', 1020, 1300, false],
  ['jumps', 'Good', 1320, 1650, false],
  ['over', 'Good', 1670, 1900],
  ['the', 'Good', 1920, 2050, false],
  ['lazy', 'Good', 2070, 2400, true],
  ['dog', 'Bad', 2420, 2800, false],
];

const ANSWER = rsAnswer(
  WORDS.map(([word, label, start, end, unsure]) => ({
    word,
    label,
    start,
    end,
    pronunciation: label === 'Good' ? 4.2 : label === 'Average' ? 3 : 1.5,
    unsure,
  })),
  { transcription: false },
);

test('a Repeat Sentence word the engine is not sure was said is marked, explained and listed to listen to', async ({
  app,
}) => {
  const { page } = app;
  await withScoredRsAttempt(app, ANSWER, async (id) => {
    const view = await openRsAttempt(page);
    const transcript = view.getByLabel('Transcript', { exact: true });

    // Marked: the label's colour kept, a dashed outline and a "?", the reason in the tooltip.
    const brown = transcript.getByRole('button', { name: 'brown', exact: true });
    await expect(brown).toHaveAttribute('data-unsure', 'true');
    await expect(brown).toHaveAttribute('data-label', 'Average');
    await expect(brown).toHaveAttribute(
      'title',
      `Average, pronunciation 3. ${UNSURE}. Click to hear it.`,
    );
    expect(await looks(brown)).toEqual({ border: 'dashed', mark: '"?" / ""' });
    await expect(transcript.locator('[data-unsure="true"]')).toHaveText(['brown', 'lazy']);

    // Sure words, and a word stored before the engine sent `unsure`, carry no mark.
    for (const name of ['quick', 'over']) {
      const sure = transcript.getByRole('button', { name, exact: true });
      await expect(sure).not.toHaveAttribute('data-unsure');
      await expect(sure).toHaveAttribute('title', 'Good, pronunciation 4.2. Click to hear it.');
      expect(await looks(sure)).toEqual({ border: 'solid', mark: 'none' });
    }

    const note = view.getByTestId('unsure-note');
    // Each word listed offers the examiner's mark (test/e2e/word-marks.spec.ts).
    await expect(note).toHaveText(
      'Listen to check: “brown” not said, “lazy” not said — the engine is not sure whether these were said.',
    );
    await expect(view.getByLabel('Word colours').getByText('Unsure: listen')).toBeVisible();
    await expect(view.getByRole('button', { name: 'Play “lazy”' })).toHaveAttribute(
      'title',
      `lazy. ${UNSURE}`,
    );

    // A word in the note plays just that word, as the transcript's words do.
    const seekedTo = await watchFirstSeek(view.getByLabel('Recording', { exact: true }));
    await note.getByRole('button', { name: '“lazy”' }).click();
    await expect.poll(seekedTo).not.toBeNull();
    expect(Math.abs((await seekedTo())! - 2.07)).toBeLessThan(0.3);

    mkdirSync(SHOTS, { recursive: true });
    await page.mouse.move(0, 0);
    await view.screenshot({ path: join(SHOTS, 'unsure-review.png') });
    await transcript.locator('..').screenshot({ path: join(SHOTS, 'unsure-transcript.png') });
    await brown.hover();
    await page.screenshot({ path: join(SHOTS, 'unsure-hover.png') });

    // The attempt report, kept to be looked at (test/integration/unsure-words.test.ts reads it).
    const pdf = await app.call('export.attemptPdf', { id });
    writeFileSync(join(SHOTS, 'unsure-report.pdf'), Buffer.from(pdf.contentBase64, 'base64'));
  });
});

/** The word's border style and its "?" mark (CSS generated, with empty alternative text). */
function looks(word: Locator): Promise<{ border: string; mark: string }> {
  return word.evaluate((element) => {
    const view = (
      globalThis as unknown as {
        getComputedStyle(e: unknown, pseudo?: string): Record<string, string>;
      }
    ).getComputedStyle;
    return { border: view(element).borderTopStyle!, mark: view(element, '::after').content! };
  });
}
