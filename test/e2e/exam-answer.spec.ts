import { EXAM_TIMING, type ExamTiming } from '../../src/shared/app-api';
import { expect, screenshotPath, test } from './fixtures';
import { nav, openScore, RS_TEXT } from './support/exam';
import { fakeMicrophoneFrom } from './support/environment';
import { tapMicrophone, throughMicrophoneStalls } from './support/microphone-tap';
import { expectScored } from './support/outcome';
import { recordedTimes, storedSeconds } from './support/recorded-answer';
import { spokenLoopWav } from './support/spoken-microphone';

/**
 * A candidate answering as candidates do, on Chromium's synthetic microphone, which starts its
 * file when the item opens the microphone: "Testing" for the microphone check, quiet through
 * the 1 s lead-in, the 3.5 s prompt and the beep (about 5 s in), the sentence once, about 2 s
 * after the beep, then quiet.
 */
const wav = spokenLoopWav(['Testing.', RS_TEXT], [6.8, 15]);
test.use({ launchOptions: fakeMicrophoneFrom(wav) });

/** The exam's own timing (15 s to answer, ended by 3 s of silence), with a 1 s lead-in. */
const TIMING: ExamTiming = { ...EXAM_TIMING, rs: { ...EXAM_TIMING.rs, leadInSeconds: 1 } };

test('an answer recorded in exam mode from the Score page is saved, checked and scored', async ({
  app,
}, testInfo) => {
  test.skip(app.host === 'electron', 'Electron offers no synthetic microphone');
  test.skip(!wav, 'espeak-ng and sox are needed to speak the answer');
  test.setTimeout(240_000);
  const { page } = app;
  const recorded = recordedTimes(page);
  await tapMicrophone(page);
  await openScore(app, 'Mei Chen', TIMING);
  await expect(page.getByLabel('Candidate')).toHaveValue(/\d+/u);
  await page.getByLabel('Item').selectOption({ label: 'Sample RS 1: library hours' });
  await expect(page.getByLabel('Free recording (no exam timing)')).not.toBeChecked();
  await page.getByRole('button', { name: 'Start the item' }).click();
  const view = page.getByRole('region', { name: "Candidate's view" });
  await expect(view.getByRole('status')).toHaveText(/Recording/u, { timeout: 30_000 });
  await page.screenshot({ path: screenshotPath(testInfo, 'score-exam-recording') });
  // Three seconds of silence after the sentence end the answer, well before its 15 s.
  const saved = view.getByRole('status').filter({
    hasText: /^Recording stopped after silence\. Answer saved: \d+\.\d s recorded, checked\.$/u,
  });
  await throughMicrophoneStalls(view, saved, 30_000);

  const latest = page.getByRole('region', { name: 'Latest attempt' });
  const [submitted] = (await app.call('attempts.list', {})).rows;
  await expectScored(app, submitted!.id);
  const attempt = await app.call('attempts.get', { id: submitted!.id });
  await expect(latest.getByText(/^Scored/u)).toBeVisible();
  await page.screenshot({ path: screenshotPath(testInfo, 'score-exam-result'), fullPage: true });
  // The whole sentence, said once and clearly: every word heard, in order, and content full.
  const { data } = JSON.parse(attempt.responseJson!) as {
    data: { words: { word: string; label: string }[] };
  };
  const words = data.words.filter((word) => word.label !== 'Pause');
  expect(words.map((word) => word.word)).toEqual(RS_TEXT.replace('.', '').split(' '));
  expect(words.filter((word) => word.label === 'Missing')).toEqual([]);
  expect(attempt.scores.content).toBe(3);
  // A clear delivery, scored as the same reading with little quiet around it would be: the
  // seconds of quiet exam mode records before and after it mark nothing down (docs/engine.md).
  expect(words.filter((word) => word.label === 'Bad')).toEqual([]);
  expect(attempt.scores.overall).toBeGreaterThan(3.5);

  const shown = Number(
    /(\d+\.\d) s recorded/u.exec(await view.getByRole('status').innerText())![1],
  );
  expect(shown).toBeLessThan(TIMING.rs.responseSeconds - 1);
  expect(Math.abs(shown - recorded[0]! / 1000)).toBeLessThan(0.06);
  expect(Math.abs((await storedSeconds(app, attempt.id)) - shown)).toBeLessThan(0.5);
  await nav(page, 'History');
  await expect(page.getByRole('row', { name: /Mei Chen/u })).toContainText('Scored');
});
