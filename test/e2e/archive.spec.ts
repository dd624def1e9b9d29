import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, screenshotPath, test } from './fixtures';
import { ROOT } from './support/environment';

const WEBM = readFileSync(join(ROOT, 'test/fixtures/audio/speech-chromium.webm')).toString(
  'base64',
);

test('archiving a candidate keeps every attempt and recording; deleting names what goes and needs the name typed', async ({
  app,
}, testInfo) => {
  const { page } = app;
  const zoe = await app.call('candidates.create', { name: 'Zoë Brontë', reference: 'C-7' });
  const item = await app.call('items.create', {
    task: 'rs',
    title: 'Sentence 2',
    refText: 'The library opens at nine.',
  });
  const submitted = [];
  for (let i = 0; i < 2; i += 1) {
    submitted.push(
      await app.call('attempts.submitSpeaking', {
        candidateId: zoe.id,
        itemId: item.id,
        audioBase64: WEBM,
        mimeType: 'audio/webm;codecs=opus',
      }),
    );
  }
  // Saved with its length: the recorder's WebM has none.
  expect(submitted[0]?.audioDurationMs).toBeGreaterThan(2_500);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Candidates' }).click();
  // Accent-insensitive search: "zoe" finds "Zoë".
  await page.getByLabel('Search candidates').fill('zoe bronte');
  const row = page.getByRole('row', { name: /Zoë Brontë/ });
  await row.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('Zoë Brontë is archived')).toBeVisible();
  await expect(page.getByRole('row', { name: /Zoë Brontë/ })).toHaveCount(0);

  // Hidden from the pick lists, kept with every attempt and recording.
  expect((await app.call('candidates.list', {})).map((c) => c.name)).not.toContain('Zoë Brontë');
  const kept = await app.call('attempts.list', { filter: { candidateId: zoe.id } });
  expect(kept.rows.map((a) => a.id).sort()).toEqual(submitted.map((a) => a.id).sort());
  for (const attempt of kept.rows) expect(existsSync(attempt.audioPath!)).toBe(true);

  // Restorable.
  await page.getByLabel('Show archived').check();
  await expect(row.getByText('Archived')).toBeVisible();
  await row.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Zoë Brontë is restored.')).toBeVisible();

  // Real deletion is separate: it says what goes and wants the name typed.
  await row.getByRole('button', { name: 'Delete data…' }).click();
  const dialog = page.getByRole('dialog', { name: /Delete Zoë Brontë/ });
  await expect(dialog.getByTestId('deletion-summary')).toContainText('2 attempts');
  await expect(dialog.getByTestId('deletion-summary')).toContainText('2 recordings');
  await expect(dialog.getByTestId('deletion-summary')).toContainText(/\d+\.\d\d MB/u);
  await expect(dialog.getByRole('button', { name: 'Export report PDF' })).toBeVisible();
  const remove = dialog.getByRole('button', { name: 'Delete for good' });
  await expect(remove).toBeDisabled();
  await dialog.getByLabel("Candidate's name, to confirm").fill('Zoë');
  await expect(remove).toBeDisabled();
  await page.screenshot({ path: screenshotPath(testInfo, 'candidate-delete-dialog') });
  await dialog.getByLabel("Candidate's name, to confirm").fill('Zoë Brontë');
  await remove.click();
  await expect(page.getByText('Zoë Brontë’s data is deleted.')).toBeVisible();
  expect((await app.call('attempts.list', {})).rows).toHaveLength(0);
  for (const attempt of kept.rows) expect(existsSync(attempt.audioPath!)).toBe(false);
});
