import { expect, screenshotPath, test } from './fixtures';

const SECRET = 'sk-examiner-test-5f1c9a';

test('setting the API key shows that one is set without ever showing it', async ({
  app,
}, testInfo) => {
  const { page } = app;
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Settings' })
    .click();
  await expect(page.getByText('No key is set')).toBeVisible();
  // A remote server chosen with no key is warned about at once.
  await page.getByLabel('Remote scoring server').check();
  const warning = page.getByText(/^No API key is set: a remote scoring server/u);
  await expect(warning).toBeVisible();
  await page.screenshot({ path: screenshotPath(testInfo, 'settings-remote-no-key') });
  await page.getByLabel('API key', { exact: true }).fill(SECRET);
  await page.getByRole('button', { name: 'Set key' }).click();

  // Only the last four characters, from the main process, tell which key it is.
  await expect(page.getByText('A key ending in …1c9a is set')).toBeVisible();
  await expect(warning).toHaveCount(0);
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue('');
  await expect(page.locator('body')).not.toContainText(SECRET.slice(0, -4));
  const settings = await app.call('settings.get', {});
  expect(settings.apiKeySet).toBe(true);
  expect(settings.apiKeyLastFour).toBe('1c9a');
  expect(JSON.stringify(settings)).not.toContain(SECRET.slice(0, -4));
  await page.screenshot({ path: screenshotPath(testInfo, 'settings-key-set') });

  await page.getByRole('button', { name: 'Clear key' }).click();
  await expect(page.getByText('No key is set')).toBeVisible();
  expect((await app.call('settings.get', {})).apiKeySet).toBe(false);
});

test('saved scoring settings are stored, each explained where it is set', async ({ app }) => {
  const { page } = app;
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Settings' })
    .click();
  await expect(page.getByLabel('Score scale')).toHaveAccessibleDescription(
    /^The highest speaking score: with 5, each score runs from 0 to 5\./u,
  );
  await expect(page.getByLabel('Score precision')).toHaveAccessibleDescription(
    /^The step between scores: with 0\.5 on a scale of 5, scores are 0, 0\.5, 1 … 5\.$/u,
  );
  await page.getByLabel('Score scale').fill('10');
  await page.getByLabel('Score precision').fill('0.5');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  expect(await app.call('settings.get', {})).toMatchObject({
    defaultScale: 10,
    defaultPrecision: 0.5,
  });
});

test('an impossible recordings folder is refused with its reason, and the page stays usable', async ({
  app,
}, testInfo) => {
  test.skip(process.platform === 'win32', '/proc is a Linux folder');
  const { page } = app;
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Settings' })
    .click();
  await page.getByLabel('Recordings folder').fill('/proc/not-writable/here');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(
    page.getByText(
      /^The recordings folder \/proc\/not-writable\/here cannot be created or written: \/proc does not take new folders/u,
    ),
  ).toBeVisible({ timeout: 10_000 });
  await page.screenshot({
    path: screenshotPath(testInfo, 'settings-folder-refused'),
    fullPage: true,
  });
  // The host still answers: the check did not hang it.
  expect((await app.call('settings.get', {})).recordingsDir).not.toContain('/proc');
});
