import { expect, screenshotPath, test } from './fixtures';
import { expectScored } from './support/outcome';

test('a Write From Dictation answer is scored end to end by the embedded engine', async ({
  app,
}, testInfo) => {
  const { page } = app;
  const candidate = await app.call('candidates.create', { name: 'Jonas Berg', reference: 'C-7' });
  await app.call('items.create', {
    task: 'wfd',
    title: 'Dictation 1',
    refText: 'The library opens at nine on weekdays.',
  });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Score' })
    .click();
  await page.getByLabel('Candidate').selectOption({ label: 'Jonas Berg (C-7)' });
  await page.getByLabel('Item').selectOption({ label: 'Dictation 1' });
  await page.getByLabel('Free recording (no exam timing)').check();
  await page.getByLabel("Candidate's answer").fill('The libary opens at nine weekdays.');
  await page.getByRole('button', { name: 'Submit for scoring' }).click();

  const latest = page.getByRole('region', { name: 'Latest attempt' });
  const [attempt] = (await app.call('attempts.list', { filter: { candidateId: candidate.id } }))
    .rows;
  await expectScored(app, attempt!.id);
  await expect(latest.getByText(/^Scored/)).toBeVisible();
  await expect(latest.getByRole('definition').first()).toBeVisible();
  // Dictation is marked against the sentence: a word not written is missed, not misspelled.
  const sentence = latest.getByLabel('Sentence words');
  await expect(sentence.getByLabel('library, written wrongly')).toBeVisible();
  await expect(sentence.getByLabel('on, missed')).toBeVisible();
  await expect(sentence.getByLabel('opens, correct')).toBeVisible();
  await expect(latest.getByText('Written:')).toBeVisible();
  await expect(latest.getByText('The libary opens at nine weekdays.')).toBeVisible();
  await expect(latest.getByText('Heard:')).toHaveCount(0);
  await page.screenshot({ path: screenshotPath(testInfo, 'score-wfd-result'), fullPage: true });

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'History' })
    .click();
  const row = page
    .getByRole('table', { name: 'Attempts' })
    .getByRole('row', { name: /Jonas Berg/ });
  await expect(row).toContainText('Scored');
  await page.screenshot({ path: screenshotPath(testInfo, 'history-list') });
  await row.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('dialog', { name: 'Jonas Berg · Dictation 1' })).toBeVisible();
  await page.screenshot({ path: screenshotPath(testInfo, 'history-attempt') });
});
