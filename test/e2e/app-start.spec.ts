import { expect, screenshotPath, test } from './fixtures';
import { appVersion } from './support/environment';

const PAGES = [
  { nav: 'Score', empty: 'Add a candidate to start scoring' },
  { nav: 'History', empty: 'No attempts yet — score an answer first' },
  { nav: 'Candidates', empty: 'No candidates yet — add one' },
  // A fresh data folder holds the sample item bank.
  { nav: 'Items', empty: 'Sample RS 1: library hours' },
  { nav: 'Settings', empty: 'No key is set' },
];

test('starts like npm start, shows every page with its empty state, and About names the version', async ({
  app,
}, testInfo) => {
  const { page } = app;
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const { nav: name, empty } of PAGES) {
    await nav.getByRole('button', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(empty)).toBeVisible();
    await page.screenshot({ path: screenshotPath(testInfo, name.toLowerCase()) });
  }

  await nav.getByRole('button', { name: 'About' }).click();
  const about = page.getByRole('dialog', { name: 'About Examiner' });
  await expect(about).toBeVisible();
  await expect(about.getByTestId('app-version')).toHaveText(appVersion());
  await page.screenshot({ path: screenshotPath(testInfo, 'about') });
  await about.getByRole('button', { name: 'Close' }).click();
  await expect(about).toBeHidden();
  expect((await app.call('app.info', {})).host).toBe(app.host);
});
