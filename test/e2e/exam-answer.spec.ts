import { expect, test } from './fixtures';
import { nav, RS_TEXT } from './support/exam';
import { answerInExamMode, ANSWER_TIMING, candidateAnswer } from './support/exam-answer';
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
  const { attempt, words, shownSeconds, recordedSeconds } = await answerInExamMode(
    app,
    testInfo,
    'score-exam',
  );
  // The whole sentence, said once and clearly: every word heard, in order, and content full.
  expect(words.map((word) => word.word)).toEqual(RS_TEXT.replace('.', '').split(' '));
  expect(words.filter((word) => word.label === 'Missing')).toEqual([]);
  expect(attempt.scores.content).toBe(3);
  // A clear delivery, scored as the same reading with little quiet around it would be: the
  // seconds of quiet exam mode records before and after it mark nothing down (docs/engine.md).
  expect(words.filter((word) => word.label === 'Bad')).toEqual([]);
  expect(attempt.scores.overall).toBeGreaterThan(3.5);

  expect(shownSeconds).toBeLessThan(ANSWER_TIMING.rs.responseSeconds - 1);
  expect(Math.abs(shownSeconds - recordedSeconds)).toBeLessThan(0.06);
  expect(Math.abs((await storedSeconds(app, attempt.id)) - shownSeconds)).toBeLessThan(0.5);
  await nav(app.page, 'History');
  await expect(app.page.getByRole('row', { name: /Mei Chen/u })).toContainText('Scored');
});
