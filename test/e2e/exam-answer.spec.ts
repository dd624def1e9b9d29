import { expect, test } from './fixtures';
import { nav } from './support/exam';
import {
  answerInExamMode,
  ANSWER_TIMING,
  candidateAnswer,
  expectClearReading,
} from './support/exam-answer';
import { fakeMicrophoneFrom } from './support/environment';
import { storedSeconds } from './support/recorded-answer';

const wav = candidateAnswer();
test.use({ launchOptions: fakeMicrophoneFrom(wav) });

test('an answer recorded in exam mode from the Score page is saved, checked and scored', async ({
  app,
}, testInfo) => {
  test.skip(app.host === 'electron', 'Electron offers no synthetic microphone');
  test.skip(!wav, 'espeak-ng and sox are needed to speak the answer');
  test.setTimeout(240_000);
  const answer = await answerInExamMode(app, testInfo, 'score-exam');
  const { attempt, shownSeconds, recordedSeconds } = answer;
  // The whole sentence, said once and clearly, scored as the same reading with little quiet
  // around it would be: the seconds of quiet exam mode records before and after it mark
  // nothing down (docs/engine.md).
  expectClearReading(answer);

  expect(shownSeconds).toBeLessThan(ANSWER_TIMING.rs.responseSeconds - 1);
  expect(Math.abs(shownSeconds - recordedSeconds)).toBeLessThan(0.06);
  expect(Math.abs((await storedSeconds(app, attempt.id)) - shownSeconds)).toBeLessThan(0.5);
  await nav(app.page, 'History');
  await expect(app.page.getByRole('row', { name: /Mei Chen/u })).toContainText('Scored');
});
