import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, screenshotPath, test } from './fixtures';
import { CHROMIUM_ARGS, FAKE_MICROPHONE_ARGS, chromiumPath } from './support/environment';

const SENTENCE = 'The library opens at nine on weekdays';

/**
 * Speech made with espeak-ng, padded with silence, that Chromium's synthetic microphone plays
 * in place of a candidate: the whole path from the Score page's recorder to the engine's words.
 */
function spokenSentenceWav(): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'examiner-e2e-speech-'));
  const speech = join(dir, 'speech.wav');
  const padded = join(dir, 'padded.wav');
  const say = spawnSync('espeak-ng', ['-v', 'en-us+f2', '-s', '140', '-w', speech, SENTENCE]);
  if (say.status !== 0) return null;
  const pad = spawnSync('sox', [speech, '-r', '48000', '-b', '16', padded, 'pad', '1', '8']);
  return pad.status === 0 ? padded : null;
}

const wav = spokenSentenceWav();

test.use({
  launchOptions: {
    executablePath: chromiumPath() ?? undefined,
    args: [
      ...CHROMIUM_ARGS,
      ...FAKE_MICROPHONE_ARGS,
      ...(wav ? [`--use-file-for-fake-audio-capture=${wav}`] : []),
    ],
  },
});

test('a spoken Repeat Sentence answer is recorded, scored by the embedded engine and shown word by word', async ({
  app,
}, testInfo) => {
  test.skip(!wav, 'espeak-ng and sox are needed to speak the answer');
  const { page } = app;
  await app.call('candidates.create', { name: 'Ana Souza' });
  await app.call('items.create', { task: 'rs', title: 'Library hours', refText: `${SENTENCE}.` });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Score' })
    .click();
  await page.getByLabel('Candidate').selectOption({ label: 'Ana Souza' });
  await page.getByLabel('Item').selectOption({ label: 'Library hours' });
  await page.getByLabel('Free recording (no exam timing)').check();
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByLabel('Recording time')).toHaveText('0:05', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await page.getByRole('button', { name: 'Submit for scoring' }).click();

  const latest = page.getByRole('region', { name: 'Latest attempt' });
  await expect(latest.getByText(/^Scored/)).toBeVisible({ timeout: 120_000 });
  await page.screenshot({ path: screenshotPath(testInfo, 'score-rs-result'), fullPage: true });

  const [attempt] = (await app.call('attempts.list', {})).rows;
  expect(attempt?.status).toBe('scored');
  // Most of the sentence must be heard in order: content 2 or 3 of 3.
  expect(attempt?.scores.content).toBeGreaterThanOrEqual(2);
  const detail = await app.call('attempts.get', { id: attempt!.id });
  const words = (
    JSON.parse(detail.responseJson!) as { data: { words: { word: string; label: string }[] } }
  ).data.words.filter((word) => word.label !== 'Pause');
  expect(words.map((word) => word.word)).toEqual(SENTENCE.split(' '));
  await expect(latest.getByText('weekdays', { exact: true })).toBeVisible();
});
