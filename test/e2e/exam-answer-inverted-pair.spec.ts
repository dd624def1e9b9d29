import { expect, test } from './fixtures';
import {
  answerInExamMode,
  ANSWER_TIMING,
  candidateAnswer,
  expectClearReading,
} from './support/exam-answer';
import { fakeMicrophoneFrom } from './support/environment';

/**
 * The answer of exam-answer.spec.ts from a stereo microphone pair wired out of phase: the right
 * channel is the left inverted, so the two average to silence.
 */
const wav = candidateAnswer({ invertedPair: true });
test.use({ launchOptions: fakeMicrophoneFrom(wav) });

test('an exam-mode answer from a microphone pair out of phase stops after silence and is scored as the same reading', async ({
  app,
}, testInfo) => {
  test.skip(app.host === 'electron', 'Electron offers no synthetic microphone');
  test.skip(!wav, 'espeak-ng and sox are needed to speak the answer');
  test.setTimeout(240_000);
  const answer = await answerInExamMode(app, testInfo, 'score-exam-inverted-pair');
  expectClearReading(answer);
  expect(answer.shownSeconds).toBeLessThan(ANSWER_TIMING.rs.responseSeconds - 1);
});
