import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, screenshotPath, test } from './fixtures';
import { FAST, openScore } from './support/exam';
import { CHROMIUM_ARGS, FAKE_MICROPHONE_ARGS, chromiumPath } from './support/environment';

// ---- Silence: a microphone that speaks, then falls silent. ----

const speechFile = join(tmpdir(), `examiner-e2e-speech-${process.pid}.wav`);
const spoken = spawnSync('espeak-ng', [
  '-v',
  'en-us',
  '-s',
  '140',
  '-w',
  speechFile,
  'Gas is the largest source of electricity, followed by wind, then coal and solar, and hydro is the smallest of all.',
]);
const haveSpeech = spoken.status === 0 && existsSync(speechFile);

test.use({
  launchOptions: {
    executablePath: chromiumPath() ?? undefined,
    args: [
      ...CHROMIUM_ARGS,
      ...FAKE_MICROPHONE_ARGS,
      `--use-file-for-fake-audio-capture=${speechFile}%noloop`,
    ],
  },
});

test('the preparation countdown runs, then recording stops by itself after silence', async ({
  app,
}, testInfo) => {
  test.skip(app.host === 'electron', 'Electron offers no synthetic microphone');
  test.skip(!haveSpeech, 'espeak-ng is not installed, so no speech to feed the microphone');
  const { page } = app;
  // A long answer window: only silence can end this answer early.
  await openScore(app, 'Ines Duarte', {
    ...FAST,
    di: { leadInSeconds: 0, prepSeconds: 3, responseSeconds: 40 },
  });
  await page.getByLabel('Candidate').selectOption({ label: 'Ines Duarte' });
  await page.getByLabel('Item').selectOption({ label: 'Sample DI 1: energy sources (bar chart)' });
  const view = page.getByRole('region', { name: "Candidate's view" });
  const status = view.getByRole('status');
  await view.getByRole('button', { name: 'Start the item' }).click();
  await expect(status).toHaveText(/Prepare: recording begins in \d s/u);
  await page.screenshot({ path: screenshotPath(testInfo, 'di-preparation') });
  await expect(status).toHaveText(/Recording… \d+ s left/u, { timeout: 10_000 });
  await page.screenshot({ path: screenshotPath(testInfo, 'di-recording') });
  await expect(status).toHaveText(/Recording stopped after silence/u, { timeout: 30_000 });
  await page.screenshot({ path: screenshotPath(testInfo, 'di-stopped-after-silence') });
  const { rows } = await app.call('attempts.list', {});
  expect(rows[0]).toMatchObject({ task: 'di' });
});

test.afterAll(() => rmSync(speechFile, { force: true }));
