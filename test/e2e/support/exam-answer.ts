import type { TestInfo } from '@playwright/test';
import { EXAM_TIMING, type ExamTiming } from '../../../src/shared/app-api';
import type { Component } from '../../../src/shared/contract/envelope';
import { expect, screenshotPath, type ExaminerApp } from '../fixtures';
import { openScore, RS_TEXT } from './exam';
import { tapMicrophone, throughMicrophoneStalls } from './microphone-tap';
import { expectScored } from './outcome';
import { recordedTimes } from './recorded-answer';
import { spokenLoopWav } from './spoken-microphone';

/**
 * A candidate answering as candidates do, on Chromium's synthetic microphone, which starts its
 * file when the item opens the microphone: "Testing" for the microphone check, quiet through
 * the 1 s lead-in, the 3.5 s prompt and the beep (about 5 s in), the sentence once, about 2 s
 * after the beep, then quiet. `microphone`: as spokenLoopWav takes it.
 */
export function candidateAnswer(
  microphone: Parameters<typeof spokenLoopWav>[2] = {},
): string | null {
  return spokenLoopWav(['Testing.', RS_TEXT], [6.8, 15], microphone);
}

/** The exam's own timing (15 s to answer, ended by 3 s of silence), with a 1 s lead-in. */
export const ANSWER_TIMING: ExamTiming = {
  ...EXAM_TIMING,
  rs: { ...EXAM_TIMING.rs, leadInSeconds: 1 },
};

/**
 * Answers 'Sample RS 1' for Mei Chen in exam mode from the Score page, as an examiner runs it,
 * until the answer is saved and scored. Returns the attempt, its words (pauses left out), the
 * seconds the status line shows recorded, and the seconds the recorder measured.
 */
export async function answerInExamMode(app: ExaminerApp, testInfo: TestInfo, shots: string) {
  const { page } = app;
  const recorded = recordedTimes(page);
  await tapMicrophone(page);
  await openScore(app, 'Mei Chen', ANSWER_TIMING);
  await expect(page.getByLabel('Candidate')).toHaveValue(/\d+/u);
  await page.getByLabel('Item').selectOption({ label: 'Sample RS 1: library hours' });
  await expect(page.getByLabel('Free recording (no exam timing)')).not.toBeChecked();
  await page.getByRole('button', { name: 'Start the item' }).click();
  const view = page.getByRole('region', { name: "Candidate's view" });
  await expect(view.getByRole('status')).toHaveText(/Recording/u, { timeout: 30_000 });
  await page.screenshot({ path: screenshotPath(testInfo, `${shots}-recording`) });
  // Three seconds of silence after the sentence end the answer, or else its 15 s.
  const saved = view.getByRole('status').filter({
    hasText:
      /^(?:Recording stopped after silence|Time is up)\. Answer saved: \d+\.\d s recorded, checked\.$/u,
  });
  await throughMicrophoneStalls(view, saved, 30_000);

  const [submitted] = (await app.call('attempts.list', {})).rows;
  await expectScored(app, submitted!.id);
  const attempt = await app.call('attempts.get', { id: submitted!.id });
  const latest = page.getByRole('region', { name: 'Latest attempt' });
  await expect(latest.getByText(/^Scored/u)).toBeVisible();
  await page.screenshot({ path: screenshotPath(testInfo, `${shots}-result`), fullPage: true });
  const { data } = JSON.parse(attempt.responseJson!) as {
    data: { words: { word: string; label: string }[] };
  };
  const status = await view.getByRole('status').innerText();
  return {
    attempt,
    words: data.words.filter((word) => word.label !== 'Pause'),
    shownSeconds: Number(/(\d+\.\d) s recorded/u.exec(status)![1]),
    recordedSeconds: recorded[0]! / 1000,
  };
}

/**
 * The sentence said once and clearly, as the answer is scored: every word heard in order, none
 * `Missing` or `Bad`, content full, `overall` over 3.5, and no caution that the room was noisy
 * (the synthetic microphone's room is 60 dB under the voice).
 */
export function expectClearReading({
  attempt,
  words,
}: Awaited<ReturnType<typeof answerInExamMode>>): void {
  expect(words.map((word) => word.word)).toEqual(RS_TEXT.replace('.', '').split(' '));
  expect(words.filter((word) => word.label === 'Missing')).toEqual([]);
  expect(words.filter((word) => word.label === 'Bad')).toEqual([]);
  expect(attempt.scores.content).toBe(3);
  expect(attempt.scores.overall).toBeGreaterThan(3.5);
  const suggestions = componentsOf(attempt).map((component) => component.suggestion ?? '');
  expect(suggestions.filter((suggestion) => /noisy/u.test(suggestion))).toEqual([]);
}

/** The components of the attempt's stored response. */
export function componentsOf(attempt: { responseJson: string | null }): Component[] {
  return (JSON.parse(attempt.responseJson!) as { data: { components: Component[] } }).data
    .components;
}
