import { expect, test } from './fixtures';
import {
  answerInExamMode,
  ANSWER_TIMING,
  candidateAnswer,
  expectClearReading,
} from './support/exam-answer';
import { fakeMicrophoneFrom } from './support/environment';

/**
 * The answer of exam-answer.spec.ts from a sound card that adds 0.05 of full scale to every
 * sample (a DC offset), which the browser passes on with its call processing off.
 */
const wav = candidateAnswer({ gainDb: -10, dcOffset: 0.05 });
test.use({ launchOptions: fakeMicrophoneFrom(wav) });

test('an exam-mode answer through a DC offset stops after silence and is scored as the same reading', async ({
  app,
}, testInfo) => {
  test.skip(app.host === 'electron', 'Electron offers no synthetic microphone');
  test.skip(!wav, 'espeak-ng and sox are needed to speak the answer');
  test.setTimeout(240_000);
  const answer = await answerInExamMode(app, testInfo, 'score-exam-dc-offset');
  expectClearReading(answer);
  // Ended by the silence after the sentence, as from a clean microphone, not by the time limit.
  expect(answer.shownSeconds).toBeLessThan(ANSWER_TIMING.rs.responseSeconds - 1);
});
