import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExamTiming } from '../../src/shared/app-api';
import { expect, screenshotPath, test } from './fixtures';
import { openScore, RS_TEXT } from './support/exam';
import { fakeMicrophoneFrom, ROOT } from './support/environment';
import { tapMicrophone, throughMicrophoneStalls } from './support/microphone-tap';
import { expectScored } from './support/outcome';
import { recordedTimes, storedSeconds } from './support/recorded-answer';
import { spokenLoopWav } from './support/spoken-microphone';

/**
 * Exam mode as the examiner uses it, with no "Free recording": the answers are taken by the
 * app's one recorder from Chromium's synthetic microphone, which says a sentence with a short
 * gap, over and over, so that every answer runs to its time limit.
 */
const wav = spokenLoopWav(RS_TEXT);
test.use({ launchOptions: fakeMicrophoneFrom(wav) });

/** Short answers, but long enough to hold speech; silence never ends them (the gap is 0.8 s). */
const TIMING: ExamTiming = {
  rs: { leadInSeconds: 1, prepSeconds: 0, responseSeconds: 6 },
  rl: { leadInSeconds: 0, prepSeconds: 1, responseSeconds: 7 },
  di: { leadInSeconds: 0, prepSeconds: 1, responseSeconds: 7 },
  wfd: { leadInSeconds: 0, prepSeconds: 0, responseSeconds: 60 },
  silenceStopSeconds: 3,
  silentInputSeconds: 3,
};

test('a full mock sitting in exam mode scores every spoken answer, each kept whole', async ({
  app,
}, testInfo) => {
  test.skip(app.host === 'electron', 'Electron offers no synthetic microphone');
  test.skip(!wav, 'espeak-ng and sox are needed to speak the answers');
  test.setTimeout(400_000);
  const { page } = app;
  const recorded = recordedTimes(page);
  await tapMicrophone(page);
  await openScore(app, 'Ana Souza', TIMING);
  await page.getByRole('tab', { name: 'Mock test' }).click();
  const setup = page.getByRole('region', { name: 'New mock test' });
  await setup.getByLabel('Candidate').selectOption({ label: 'Ana Souza' });
  const titles = [
    'Sample RS 1: library hours',
    'Sample DI 1: energy sources (bar chart)',
    'Sample RL 2: sleep and memory',
    'Sample WFD 1: reading list',
  ];
  for (const title of titles) await setup.getByLabel(title).check();
  await setup.getByRole('button', { name: 'Start the mock test' }).click();

  const view = page.getByRole('region', { name: "Candidate's view" });
  const answer = view.getByLabel('Type the sentence you heard');
  await throughMicrophoneStalls(view, answer);
  await expect(answer).toBeEnabled();
  await page.screenshot({ path: screenshotPath(testInfo, 'exam-sitting-dictation') });
  await answer.fill('The reading list is available on the course website.');
  await view.getByRole('button', { name: 'Submit answer' }).click();

  const summary = page.getByRole('region', { name: 'Sitting summary' });
  await expect(summary).toContainText('Mock test summary · Ana Souza');
  const steps = summary.getByRole('table', { name: 'Items of the sitting' });
  await expect(steps.getByRole('row')).toHaveCount(titles.length + 1);
  // Each answer must be scored: a failure is never an outcome here.
  for (const attempt of (await app.call('attempts.list', {})).rows) {
    await expectScored(app, attempt.id, 180_000);
  }
  await expect(summary).toContainText('4 of 4 answers scored.');
  for (const title of titles) {
    await expect(steps.getByRole('row').filter({ hasText: title })).toContainText('Scored');
  }
  await page.screenshot({ path: screenshotPath(testInfo, 'exam-sitting-summary'), fullPage: true });

  const attempts = (await app.call('attempts.list', {})).rows;
  expect(attempts.map((attempt) => attempt.status)).toEqual(Array(4).fill('scored'));
  const spoken = attempts.filter((attempt) => attempt.task !== 'wfd');
  expect(spoken.map((attempt) => attempt.task).sort()).toEqual(['di', 'rl', 'rs']);
  // Sent in exam order (RS, DI, RL); the list is newest first.
  expect(recorded).toHaveLength(3);
  const byOrder = [...spoken].sort((a, b) => a.id - b.id);
  const lengths: string[] = [];
  for (const [index, attempt] of byOrder.entries()) {
    const recordedSeconds = recorded[index]! / 1000;
    const limit = TIMING[attempt.task].responseSeconds;
    expect(recordedSeconds).toBeGreaterThan(limit - 1);
    const stored = await storedSeconds(app, attempt.id);
    lengths.push(
      `${attempt.task}: recorded ${recordedSeconds.toFixed(3)} s, stored ${stored.toFixed(3)} s`,
    );
    expect(Math.abs(stored - recordedSeconds)).toBeLessThan(0.5);
    expect(Math.abs(attempt.audioDurationMs! / 1000 - recordedSeconds)).toBeLessThan(0.5);
  }
  console.log(`answer lengths: ${lengths.join('; ')}`);
});

test('a sitting answer that cannot be scored is counted as failed, recorded again, and scored', async ({
  app,
}, testInfo) => {
  test.skip(app.host === 'electron', 'Electron offers no synthetic microphone');
  test.skip(!wav, 'espeak-ng and sox are needed to speak the answer');
  test.setTimeout(300_000);
  const { page } = app;
  await tapMicrophone(page);
  await openScore(app, 'Ravi Patel', TIMING);
  const items = await app.call('items.list', {});
  const pick = (title: string) => items.find((item) => item.title === title)!.id;
  const sitting = await app.call('sittings.start', {
    candidateId: (await app.call('candidates.list', {}))[0]!.id,
    itemIds: [pick('Sample RS 1: library hours'), pick('Sample WFD 1: reading list')],
  });
  // What the old recorder kept: a WebM fragment without its header, which nothing can read.
  const fragment = readFileSync(join(ROOT, 'test/fixtures/audio/speech-chromium.webm')).subarray(
    3000,
    7000,
  );
  await app.call('sittings.answerSpeaking', {
    id: sitting.id,
    position: 0,
    audioBase64: fragment.toString('base64'),
    mimeType: 'audio/webm;codecs=opus',
  });
  const [unreadable] = (await app.call('attempts.list', {})).rows;
  await expect
    .poll(async () => (await app.call('attempts.get', { id: unreadable!.id })).status, {
      timeout: 120_000,
    })
    .toBe('failed_permanent');

  await page.getByRole('tab', { name: 'Mock test' }).click();
  await page
    .getByRole('region', { name: 'Unfinished sittings' })
    .getByRole('button', { name: 'Resume' })
    .click();
  const view = page.getByRole('region', { name: "Candidate's view" });
  const answer = view.getByLabel('Type the sentence you heard');
  await expect(answer).toBeEnabled({ timeout: 60_000 });
  await answer.fill('The reading list is available on the course website.');
  await view.getByRole('button', { name: 'Submit answer' }).click();

  const summary = page.getByRole('region', { name: 'Sitting summary' });
  await expect(summary).toContainText('Mock test summary · Ravi Patel');
  const dictation = (await app.call('attempts.list', { filter: { task: 'wfd' } })).rows[0]!;
  await expectScored(app, dictation.id);
  await expect(summary).toContainText(
    '1 of 2 answers scored (1 failed): the overall counts only the scored answers.',
  );
  const failed = summary.getByRole('row', { name: /Sample RS 1/u });
  await expect(failed).toContainText('Failed');
  await expect(failed).toContainText('The recording could not be read. Record the answer again.');
  // Sending the same unreadable file again cannot help, so it is not offered.
  await expect(failed.getByRole('button', { name: 'Send again' })).toHaveCount(0);
  await expect(failed.getByRole('button', { name: 'Mark "no answer"' })).toBeVisible();
  await page.screenshot({
    path: screenshotPath(testInfo, 'sitting-summary-one-failed'),
    fullPage: true,
  });
  const pdf = await app.call('sittings.pdf', { id: sitting.id });
  writeFileSync(
    testInfo.outputPath('sitting-one-failed.pdf'),
    Buffer.from(pdf.contentBase64, 'base64'),
  );
  const csv = await app.call('sittings.csv', { id: sitting.id });
  const text = Buffer.from(csv.contentBase64, 'base64').toString('utf8');
  expect(text.startsWith('\uFEFF"sitting_item","attempt_id"')).toBe(true);
  const lines = text.trim().split(/\r?\n/u);
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain('"failed_permanent"');
  expect(lines[2]).toContain('"scored"');

  // Recorded again while the candidate is here: the item runs, and its answer is scored.
  await failed.getByRole('button', { name: 'Record again' }).click();
  await expect(view).toContainText('Item 1 of 2');
  await throughMicrophoneStalls(view, summary.getByText('2 of 2 answers scored.'), 120_000);
  const again = (await app.call('attempts.list', { filter: { task: 'rs' } })).rows[0]!;
  expect(again.id).not.toBe(unreadable!.id);
  await expectScored(app, again.id);
  await expect(summary.getByRole('row', { name: /Sample RS 1/u })).toContainText('Scored');
  // The unreadable attempt stays in History, outside the sitting.
  expect((await app.call('attempts.get', { id: unreadable!.id })).sittingId).toBeNull();
});
