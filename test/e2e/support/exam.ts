import type { Page } from '@playwright/test';
import type { ExamTiming } from '../../../src/shared/app-api';
import { expect, type ExaminerApp } from '../fixtures';
import { tapMicrophone, throughMicrophoneStalls } from './microphone-tap';

/**
 * The exam sitting as the candidate meets it (issue 10). Timings are shortened through
 * the exam timing settings, the way an examiner would change them, so the suite stays quick.
 */
export const FAST: ExamTiming = {
  rs: { leadInSeconds: 1, prepSeconds: 0, responseSeconds: 4 },
  rl: { leadInSeconds: 0, prepSeconds: 1, responseSeconds: 3 },
  di: { leadInSeconds: 0, prepSeconds: 1, responseSeconds: 3 },
  wfd: { leadInSeconds: 0, prepSeconds: 0, responseSeconds: 60 },
  silenceStopSeconds: 2,
  silentInputSeconds: 3,
};
export const RS_TEXT = 'The library will be closed on public holidays.';

export function nav(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name }).click();
}

/**
 * A free recording (no exam timing) on the Score page, stopped a second after the answer's
 * speech, submitted; resolves to the latest attempt once it shows it scored.
 */
export async function scoreFreeRecording(
  app: ExaminerApp,
  answer: { candidate: string; item: string; speechSeconds: number },
) {
  const { page } = app;
  const seconds = Math.ceil(answer.speechSeconds) + 1;
  await app.call('candidates.create', { name: answer.candidate });
  await nav(page, 'Score');
  await page.getByLabel('Candidate').selectOption({ label: answer.candidate });
  await page.getByLabel('Item').selectOption({ label: answer.item });
  await page.getByLabel('Free recording (no exam timing)').check();
  await recordFreeAnswer(page, seconds, 60_000);
  await page.getByRole('button', { name: 'Submit for scoring' }).click();
  const latest = page.getByRole('region', { name: 'Latest attempt' });
  await expect(latest.getByText(/^Scored/)).toBeVisible({ timeout: 180_000 });
  return latest;
}

/**
 * Records a free answer on the Score page (free recording chosen) and stops it once the
 * recording time shows `seconds`; made again when the synthetic microphone stalled
 * (microphone-tap.ts). Resolves when the answer can be submitted.
 */
export async function recordFreeAnswer(page: Page, seconds: number, timeout: number) {
  await tapMicrophone(page);
  const record = async () => {
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect(page.getByLabel('Recording time')).toHaveText(
      `0:${String(seconds).padStart(2, '0')}`,
      { timeout },
    );
    await page.getByRole('button', { name: 'Stop recording' }).click();
  };
  await record();
  const submit = page.getByRole('button', { name: 'Submit for scoring' });
  await throughMicrophoneStalls(page, submit, undefined, record);
}

export async function openScore(app: ExaminerApp, candidate: string, examTiming = FAST) {
  await app.call('candidates.create', { name: candidate });
  await app.call('settings.update', { examTiming });
  await nav(app.page, 'Score');
}
