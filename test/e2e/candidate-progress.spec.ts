import type { Page } from '@playwright/test';
import { expect, screenshotPath, test, type ExaminerApp } from './fixtures';

/** Dictation answers score on the built-in text scorer: "One day." gives 2, 1 or 0 of 2. */
async function scoredDictation(
  app: ExaminerApp,
  candidateId: number,
  itemId: number,
  answer: string,
) {
  const attempt = await app.call('attempts.submitDictation', {
    candidateId,
    itemId,
    typedAnswer: answer,
  });
  await expect
    .poll(async () => (await app.call('attempts.get', { id: attempt.id })).status, {
      timeout: 60_000,
    })
    .toBe('scored');
  return attempt;
}

async function openHistory(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'History' })
    .click();
}

test('History sorts by its columns and opens a candidate’s page with their progress', async ({
  app,
}, testInfo) => {
  const { page } = app;
  const wang = await app.call('candidates.create', {
    name: '王小明',
    reference: 'C-1',
    notes: 'Comment: 山田さくら, 김민준, สมชาย ใจดี, प्रिया शर्मा, فاطمة الزهراء',
  });
  const somchai = await app.call('candidates.create', { name: 'สมชาย ใจดี' });
  const fatima = await app.call('candidates.create', { name: 'فاطمة الزهراء' });
  const item = await app.call('items.create', { task: 'wfd', title: 'D1', refText: 'One day.' });
  const first = await scoredDictation(app, wang.id, item.id, 'one');
  await scoredDictation(app, somchai.id, item.id, '');
  await scoredDictation(app, wang.id, item.id, '');
  await scoredDictation(app, fatima.id, item.id, 'one day');
  await scoredDictation(app, wang.id, item.id, 'one day');
  // The examiner marks Wang's first answer 0 of 2: the final overall is the examiner's.
  await app.call('attempts.mark', {
    id: first.id,
    confirmed: false,
    scores: { words: 0, overall: 0 },
  });

  await openHistory(page);
  const table = page.getByRole('table', { name: 'Attempts' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(6);
  const overall = table.getByRole('columnheader', { name: /Overall/u });
  await overall.getByRole('button').click();
  await expect(overall).toHaveAttribute('aria-sort', 'descending');
  const overallCells = table.locator('tbody tr td:nth-child(6)');
  await expect(overallCells).toHaveText(['2 / 2', '2 / 2', '0 / 2', '0 / 2', '0 / 2']);
  await overall.getByRole('button').click();
  await expect(overall).toHaveAttribute('aria-sort', 'ascending');
  await expect(overallCells).toHaveText(['0 / 2', '0 / 2', '0 / 2', '2 / 2', '2 / 2']);
  const candidate = table.getByRole('columnheader', { name: /Candidate/u });
  await candidate.getByRole('button').click();
  await expect(candidate).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.locator('tbody tr td:nth-child(2)')).toHaveText([
    // By code point once folded: Arabic, Thai, then Chinese.
    'فاطمة الزهراء',
    'สมชาย ใจดี',
    '王小明',
    '王小明',
    '王小明',
  ]);
  await page.screenshot({ path: screenshotPath(testInfo, 'history-sorted'), fullPage: true });

  await table.getByRole('button', { name: '王小明' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: '王小明' })).toBeVisible();
  const summary = page.getByRole('table', { name: 'Progress per task' });
  await expect(summary.getByRole('row', { name: /Write From Dictation/u })).toContainText(
    // Three scored: first 0 / 2 (the examiner's mark), latest 2 / 2, best 2 / 2.
    /3\s*0 \/ 2\s*2 \/ 2\s*2 \/ 2/u,
  );
  const chart = page.getByRole('figure', { name: 'Progress per task' });
  await expect(chart.locator('.recharts-legend-item-text')).toHaveText(['Write From Dictation']);
  for (const tick of ['0 %', '25 %', '50 %', '75 %', '100 %']) {
    await expect(chart.getByText(tick, { exact: true })).toBeVisible();
  }
  await expect(chart.getByText('Final overall, % of max')).toBeVisible();
  await expect(chart.locator('.recharts-line-dot')).toHaveCount(3);
  await expect(page.getByRole('table', { name: 'Attempts' }).locator('tbody tr')).toHaveCount(3);
  await page.screenshot({ path: screenshotPath(testInfo, 'candidate-page'), fullPage: true });

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Moderation' })
    .click();
  await expect(page.getByRole('img', { name: 'Engine against examiner, 2 marks' })).toBeVisible();
  const agreement = page.getByRole('figure', { name: 'Agreement chart' });
  await expect(agreement.locator('.recharts-legend-item-text')).toHaveText(['Overall', 'Words']);
  await expect(agreement.getByText('Engine, % of the maximum')).toBeVisible();
  await expect(agreement.getByText('Examiner, % of the maximum')).toBeVisible();
  // The same five ticks on both axes.
  for (const tick of ['0 %', '25 %', '50 %', '75 %', '100 %']) {
    await expect(agreement.getByText(tick, { exact: true })).toHaveCount(2);
  }
  await page.screenshot({ path: screenshotPath(testInfo, 'moderation-chart'), fullPage: true });
});

test('History filters by sitting from a sitting number', async ({ app }) => {
  const { page } = app;
  const ana = await app.call('candidates.create', { name: 'Ana' });
  const item = await app.call('items.create', { task: 'wfd', title: 'D1', refText: 'One day.' });
  await app.call('attempts.submitDictation', {
    candidateId: ana.id,
    itemId: item.id,
    typedAnswer: 'x',
  });
  const sitting = await app.call('sittings.start', { candidateId: ana.id, itemIds: [item.id] });
  await app.call('sittings.answerDictation', {
    id: sitting.id,
    position: 0,
    typedAnswer: 'one day',
  });
  await openHistory(page);
  const rows = page.getByRole('table', { name: 'Attempts' }).locator('tbody tr:not(.group-row)');
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: `Sitting ${sitting.id}` }).click();
  await expect(page.getByLabel('Sitting number')).toHaveValue(String(sitting.id));
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Sitting number').fill('');
  await expect(rows).toHaveCount(2);
});

test('an out-of-range mark is said beside its field, and a dialog opens on its first field', async ({
  app,
}, testInfo) => {
  const { page } = app;
  const ana = await app.call('candidates.create', { name: 'Ana' });
  const item = await app.call('items.create', { task: 'wfd', title: 'D1', refText: 'One day.' });
  await scoredDictation(app, ana.id, item.id, 'one');
  await openHistory(page);
  await page.getByRole('button', { name: 'Open' }).click();
  const mark = page.getByRole('region', { name: "Examiner's mark" });
  const words = mark.getByLabel('Words');
  await words.fill('5');
  await expect(mark.getByRole('alert')).toHaveText('5 is out of range: enter a mark from 0 to 2.');
  await expect(words).toHaveAttribute('aria-invalid', 'true');
  await expect(mark.getByRole('button', { name: 'Save my marks' })).toBeDisabled();
  await page.screenshot({ path: screenshotPath(testInfo, 'mark-out-of-range') });
  await words.fill('1');
  await expect(mark.getByRole('alert')).toHaveCount(0);
  await expect(mark.getByRole('button', { name: 'Save my marks' })).toBeEnabled();
  await page.keyboard.press('Escape');

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Candidates' })
    .click();
  await page.getByRole('button', { name: 'Add candidate' }).first().click();
  await expect(page.getByRole('dialog').getByLabel('Name')).toBeFocused();
});
