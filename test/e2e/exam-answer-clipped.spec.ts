import { expect, screenshotPath, test } from './fixtures';
import {
  answerInExamMode,
  candidateAnswer,
  componentsOf,
  expectClearReading,
} from './support/exam-answer';
import { fakeMicrophoneFrom } from './support/environment';

/**
 * The answer of exam-answer.spec.ts from a microphone turned 12 dB up: the voice's peaks, near
 * two thirds of full scale as spoken, are stored flat at full scale for most of every vowel.
 */
const wav = candidateAnswer({ gainDb: 12 });
test.use({ launchOptions: fakeMicrophoneFrom(wav) });

test('an exam-mode answer from a microphone turned up until it clips is warned of and scored as the same reading', async ({
  app,
}, testInfo) => {
  test.skip(app.host === 'electron', 'Electron offers no synthetic microphone');
  test.skip(!wav, 'espeak-ng and sox are needed to speak the answer');
  test.setTimeout(240_000);
  const answer = await answerInExamMode(app, testInfo, 'score-exam-clipped');
  expectClearReading(answer);
  const components = componentsOf(answer.attempt);
  const pronunciation = components.find((entry) => entry.name === 'score_pronunciation');
  expect(pronunciation?.suggestion).toMatch(/clipped/u);

  // The examiner was told while the answer ran, and still is: the next answer would clip too.
  const view = app.page.getByRole('region', { name: "Candidate's view" });
  await expect(view.getByText(/^Too loud: the microphone is clipping/u)).toBeVisible();
  await view.scrollIntoViewIfNeeded();
  await app.page.screenshot({ path: screenshotPath(testInfo, 'score-exam-clipped-warned') });
});
