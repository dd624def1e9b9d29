import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type Browser, type Page, type TestInfo } from '@playwright/test';
import type {
  AppMethod,
  ExaminerBridge,
  MethodInput,
  MethodOutput,
} from '../../src/shared/app-api';
import { BRIDGE_GLOBAL, HTTP_ROUTES } from '../../src/shared/host-channels';
import { startBrowserHost } from './hosts/browser-host';
import { launchElectron } from './hosts/electron-host';
import { chromiumPath, electronBinary, onCi, ROOT } from './support/environment';

export type HostKind = 'browser' | 'electron';

export interface ExaminerApp {
  page: Page;
  host: HostKind;
  /** Calls the app API the way the renderer does, to check what the UI did. */
  call<M extends AppMethod>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>;
}

export interface HostOptions {
  host: HostKind;
}

export const test = base.extend<{ app: ExaminerApp }, HostOptions>({
  host: ['browser', { option: true, scope: 'worker' }],
  app: async ({ host, playwright, launchOptions }, use, testInfo) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'examiner-e2e-'));
    try {
      if (host === 'electron') await useElectron(dataDir, testInfo, use, launchOptions.args ?? []);
      else
        await useBrowserHost(dataDir, testInfo, use, () =>
          playwright.chromium.launch(launchOptions),
        );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
});

export const expect = test.expect;

type Use = (app: ExaminerApp) => Promise<void>;
type LaunchBrowser = () => Promise<Browser>;

/** What the page's globals look like; the tests compile without the DOM library. */
type PageGlobals = Record<typeof BRIDGE_GLOBAL, ExaminerBridge>;

async function useBrowserHost(
  dataDir: string,
  testInfo: TestInfo,
  use: Use,
  launch: LaunchBrowser,
) {
  if (!chromiumPath()) {
    if (onCi) throw new Error('Chromium is missing: CI must install the chromium package.');
    testInfo.skip(true, 'No Chromium at $CHROMIUM_PATH or /usr/bin/chromium');
    return;
  }
  const host = await startBrowserHost(dataDir);
  const browser = await launch();
  try {
    const page = await browser.newPage();
    await page.goto(host.url);
    // The link lands on the sign-in page, which trades its token for the cookie and loads the app.
    await page.locator('#root').waitFor({ state: 'attached' });
    await use({
      page,
      host: 'browser',
      call: (method, input) => callOverHttp(page, method, input),
    });
  } finally {
    await browser.close();
    await host.stop();
    await testInfo.attach('browser-host output', {
      body: host.output(),
      contentType: 'text/plain',
    });
  }
}

async function useElectron(
  dataDir: string,
  testInfo: TestInfo,
  use: Use,
  chromiumArgs: readonly string[],
) {
  const executablePath = electronBinary();
  testInfo.skip(!executablePath, "Electron's binary is not installed (no network to fetch it)");
  if (!executablePath) return;
  const electronApp = await launchElectron(executablePath, dataDir, chromiumArgs);
  try {
    const page = await electronApp.firstWindow();
    await use({
      page,
      host: 'electron',
      call: (method, input) => callOverIpc(page, method, input),
    });
  } finally {
    await electronApp.close();
  }
}

/** An API call from a browser-host page, signed in by the page's session cookie. */
export async function callOverHttp<M extends AppMethod>(
  page: Page,
  method: M,
  input: MethodInput<M>,
) {
  return page.evaluate(
    async ([route, name, body]) => {
      const response = await fetch(route, {
        method: 'POST',
        // The page's session cookie (HttpOnly) signs the call in, as it does the renderer's.
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method: name, input: body }),
      });
      if (!response.ok) throw new Error(await response.text());
      return response.json() as Promise<unknown>;
    },
    [HTTP_ROUTES.call, method, input] as const,
  ) as Promise<MethodOutput<M>>;
}

async function callOverIpc<M extends AppMethod>(page: Page, method: M, input: MethodInput<M>) {
  return page.evaluate(
    ([bridge, name, body]) =>
      (globalThis as unknown as PageGlobals)[bridge].call(name, body as never),
    [BRIDGE_GLOBAL, method, input] as const,
  ) as Promise<MethodOutput<M>>;
}

export function screenshotPath(testInfo: TestInfo, name: string): string {
  return join(ROOT, 'test-results/screenshots', `${testInfo.project.name}-${name}.png`);
}
