import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserType, LaunchOptions } from '@playwright/test';
import type { AppCore } from '../../src/main/core/app-core';
import { writeLaunchPage } from '../../src/main/browser-host/host-files';
import { startHostServer } from '../../src/main/browser-host/host-server';
import { expect, screenshotPath, test } from './fixtures';
import { ROOT } from './support/environment';
import { tempDir } from '../helpers/temp-dir';

// Decided before any fixture is made: under Electron there is no sign-in page, nor a browser.
test.skip(({ host }) => host !== 'browser', 'the sign-in page belongs to the browser host');

/**
 * Runs `body` in a Chromium of its own, ended by closing that browser. Debian's Chromium 150
 * now and then dies (SIGSEGV) while a browser context is disposed, and `context.close()` then
 * throws; a browser's close tolerates its process going, and these tests assert nothing there.
 */
async function inOwnBrowser(
  chromium: BrowserType,
  launchOptions: LaunchOptions,
  body: (browser: Browser) => Promise<void>,
): Promise<void> {
  const browser = await chromium.launch(launchOptions);
  try {
    await body(browser);
  } finally {
    await browser.close();
  }
}

test('a window without the token is told how to open Examiner, and shown nothing else', async ({
  app,
  playwright,
  launchOptions,
}, testInfo) => {
  const origin = new URL(app.page.url()).origin;
  await inOwnBrowser(playwright.chromium, launchOptions, async (browser) => {
    const stranger = await browser.newPage();
    await stranger.goto(`${origin}/history`);
    await expect(stranger.getByText('This window is not signed in to Examiner.')).toBeVisible();
    await expect(stranger.getByText('npm start', { exact: true })).toBeVisible();
    await expect(stranger.getByRole('navigation')).toHaveCount(0);
    const icon = await stranger.locator('link[rel="icon"]').getAttribute('href');
    expect(
      (await stranger.request.get(new URL(icon!, origin).href)).headers()['content-type'],
    ).toBe('image/svg+xml');
    await stranger.screenshot({ path: screenshotPath(testInfo, 'not-signed-in') });

    await stranger.goto(`${origin}/#token=not-the-token`);
    await expect(
      stranger.getByText('That link has expired or belongs to another Examiner.'),
    ).toBeVisible();
    expect(stranger.url()).toBe(`${origin}/`);
    await stranger.screenshot({ path: screenshotPath(testInfo, 'link-expired') });
  });

  // The examiner's window signed in with the printed link: the token left the address bar,
  // and a reload keeps it signed in through the cookie.
  expect(app.page.url()).toBe(`${origin}/`);
  await app.page.reload();
  await expect(app.page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test("the app's own window opens signed in from the private launch page", async ({
  playwright,
  launchOptions,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'browser-host',
    'the launch page belongs to the browser host',
  );
  const dataDir = tempDir('examiner-launch-e2e-');
  const core: AppCore = {
    dispatch: async () => ({}),
    subscribe: () => () => undefined,
    close: async () => undefined,
  };
  const server = await startHostServer({
    core,
    rendererDir: join(ROOT, 'out/renderer'),
    token: 'e2e-token-0123456789abcdefghijklmnopqrstuvwxyzABCDE',
    port: 0,
  });
  try {
    await inOwnBrowser(playwright.chromium, launchOptions, async (browser) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const launchPage = writeLaunchPage(dataDir.path, server.launchUrl());
      await page.goto(pathToFileURL(launchPage).href);
      await page.waitForURL(`http://127.0.0.1:${server.port}/`);
      await expect(page.locator('#root')).toHaveCount(1);
      const cookies = await context.cookies();
      expect(cookies).toEqual([
        expect.objectContaining({ name: 'examiner_session', httpOnly: true, sameSite: 'Strict' }),
      ]);
      // The code is spent: the same page opened again signs nobody in.
      const again = await context.newPage();
      await context.clearCookies();
      await again.goto(pathToFileURL(launchPage).href);
      await expect(
        again.getByText('That link has expired or belongs to another Examiner.'),
      ).toBeVisible();
    });
  } finally {
    await server.close();
    dataDir.remove();
  }
});
