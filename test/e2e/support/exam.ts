import type { Page } from '@playwright/test';
import type { ExamTiming } from '../../../src/shared/app-api';
import type { ExaminerApp } from '../fixtures';

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

export async function openScore(app: ExaminerApp, candidate: string, examTiming = FAST) {
  await app.call('candidates.create', { name: candidate });
  await app.call('settings.update', { examTiming });
  await nav(app.page, 'Score');
}
