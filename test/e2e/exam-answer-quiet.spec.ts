import { test } from './fixtures';
import { answerInExamMode, candidateAnswer, expectClearReading } from './support/exam-answer';
import { fakeMicrophoneFrom } from './support/environment';

/**
 * The answer of exam-answer.spec.ts from a microphone turned 38 dB down: the voice peaks near
 * -40 dBFS, and "Testing" clears the app's flat-microphone check by about 4 dB.
 */
const wav = candidateAnswer({ gainDb: -38 });
test.use({ launchOptions: fakeMicrophoneFrom(wav) });

test('an exam-mode answer from a microphone turned down is scored as the same clear reading', async ({
  app,
}, testInfo) => {
  test.skip(app.host === 'electron', 'Electron offers no synthetic microphone');
  test.skip(!wav, 'espeak-ng and sox are needed to speak the answer');
  test.setTimeout(240_000);
  expectClearReading(await answerInExamMode(app, testInfo, 'score-exam-quiet'));
});
