import { expect, screenshotPath, test } from './fixtures';

// Chromium's synthetic microphone (--use-fake-device-for-media-stream) stands in for a real one.
test('a spoken answer is recorded, submitted and kept with its audio', async ({
  app,
}, testInfo) => {
  test.skip(app.host === 'electron', 'Electron offers no synthetic microphone');
  const { page } = app;
  await app.call('candidates.create', { name: 'Mei Chen' });
  await app.call('items.create', {
    task: 'rs',
    title: 'Sentence 4',
    refText: 'Please hand in your essays by Friday.',
  });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Score' })
    .click();
  await page.getByLabel('Candidate').selectOption({ label: 'Mei Chen' });
  await page.getByLabel('Item').selectOption({ label: 'Sentence 4' });
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByRole('button', { name: 'Stop recording' })).toBeVisible();
  await expect(page.getByLabel('Recording time')).toHaveText('0:02', { timeout: 10_000 });
  await page.screenshot({ path: screenshotPath(testInfo, 'score-recording') });
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByLabel('Recorded answer')).toBeVisible();
  await page.getByRole('button', { name: 'Submit for scoring' }).click();

  const latest = page.getByRole('region', { name: 'Latest attempt' });
  await expect(latest).toContainText('Mei Chen · Sentence 4');
  const [attempt] = (await app.call('attempts.list', {})).rows;
  expect(attempt?.task).toBe('rs');
  const audio = await app.call('attempts.audio', { id: attempt!.id });
  expect(audio.mimeType).toMatch(/^audio\/webm/);
  expect(audio.base64.length).toBeGreaterThan(1000);
  await expect(latest.getByText(/^(Scored|Failed)/)).toBeVisible({ timeout: 120_000 });
  await page.screenshot({
    path: screenshotPath(testInfo, 'score-speaking-result'),
    fullPage: true,
  });

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'History' })
    .click();
  await page
    .getByRole('row', { name: /Mei Chen/ })
    .getByRole('button', { name: 'Open' })
    .click();
  const view = page.getByRole('dialog', { name: 'Mei Chen · Sentence 4' });
  await expect(view.getByLabel('Recording')).toBeVisible();
  await page.screenshot({ path: screenshotPath(testInfo, 'history-speaking-attempt') });
});
