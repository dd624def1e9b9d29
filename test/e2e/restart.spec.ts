import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, screenshotPath, test } from './fixtures';
import { recordFreeAnswer } from './support/exam';
import { fakeMicrophoneFrom } from './support/environment';
import { processTempDir } from '../helpers/temp-dir';

const SENTENCE = 'The students finished their project before the deadline';
const FALSE_START = 'The students';

/**
 * A candidate who starts, stops and reads the sentence again from its first word: two words,
 * a pause, then the whole sentence, spoken by espeak-ng into Chromium's synthetic microphone.
 */
function restartWav(): string | null {
  const dir = processTempDir('examiner-e2e-restart-');
  const file = (name: string): string => join(dir, name);
  const steps: string[][] = [
    ['espeak-ng', '-v', 'en-us+f2', '-s', '150', '-w', file('start.wav'), FALSE_START],
    ['espeak-ng', '-v', 'en-us+f2', '-s', '150', '-w', file('reading.wav'), SENTENCE],
    ['sox', file('start.wav'), file('start-paused.wav'), 'pad', '1', '0.8'],
    ['sox', file('start-paused.wav'), file('reading.wav'), file('joined.wav')],
    ['sox', file('joined.wav'), '-r', '48000', '-b', '16', file('answer.wav'), 'pad', '0', '8'],
  ];
  for (const [command, ...args] of steps) {
    if (spawnSync(command!, args).status !== 0) return null;
  }
  return file('answer.wav');
}

const wav = restartWav();

test.use({ launchOptions: fakeMicrophoneFrom(wav) });

test('a restarted Repeat Sentence answer is scored on the final reading, the false start shown as inserted', async ({
  app,
}, testInfo) => {
  test.skip(!wav, 'espeak-ng and sox are needed to speak the answer');
  const { page } = app;
  await app.call('candidates.create', { name: 'Ana Souza' });
  await app.call('items.create', { task: 'rs', title: 'Deadline', refText: `${SENTENCE}.` });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Score' })
    .click();
  await page.getByLabel('Candidate').selectOption({ label: 'Ana Souza' });
  await page.getByLabel('Item').selectOption({ label: 'Deadline' });
  await page.getByLabel('Free recording (no exam timing)').check();
  await recordFreeAnswer(page, 7, 15_000);
  await page.getByRole('button', { name: 'Submit for scoring' }).click();

  const latest = page.getByRole('region', { name: 'Latest attempt' });
  await expect(latest.getByText(/^Scored/)).toBeVisible({ timeout: 120_000 });
  await page.screenshot({ path: screenshotPath(testInfo, 'score-rs-restart'), fullPage: true });

  const [attempt] = (await app.call('attempts.list', {})).rows;
  expect(attempt?.scores.content).toBe(3);
  const detail = await app.call('attempts.get', { id: attempt!.id });
  const words = (
    JSON.parse(detail.responseJson!) as {
      data: { words: { word: string; label: string; start: number }[] };
    }
  ).data.words.filter((word) => word.label !== 'Pause');
  const inserted = words.filter((word) => word.label === 'Inserted');
  const reading = words.filter((word) => word.label !== 'Inserted');
  expect(inserted.map((word) => word.word)).toEqual(['The', 'students']);
  expect(reading.map((word) => word.word)).toEqual(SENTENCE.split(' '));
  // The reading that is scored is the one after the false start.
  expect(reading[0]!.start).toBeGreaterThan(inserted[1]!.start);
  await expect(
    latest.getByLabel('Transcript', { exact: true }).getByText('deadline'),
  ).toBeVisible();
});
