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
  await page.getByLabel('API key', { exact: true }).fill(SECRET);
  await page.getByRole('button', { name: 'Set key' }).click();

  await expect(page.getByText('A key is set')).toBeVisible();
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue('');
  await expect(page.locator('body')).not.toContainText(SECRET);
  const settings = await app.call('settings.get', {});
  expect(settings.apiKeySet).toBe(true);
  expect(JSON.stringify(settings)).not.toContain(SECRET);
  await page.screenshot({ path: screenshotPath(testInfo, 'settings-key-set') });

  await page.getByRole('button', { name: 'Clear key' }).click();
  await expect(page.getByText('No key is set')).toBeVisible();
  expect((await app.call('settings.get', {})).apiKeySet).toBe(false);
});

test('saved scoring settings are stored', async ({ app }) => {
  const { page } = app;
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Settings' })
    .click();
  await page.getByLabel('Score scale').fill('10');
  await page.getByLabel('Score precision').fill('0.5');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  expect(await app.call('settings.get', {})).toMatchObject({
    defaultScale: 10,
    defaultPrecision: 0.5,
  });
});
