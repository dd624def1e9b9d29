import { defineConfig } from '@playwright/test';
import type { HostOptions } from './test/e2e/fixtures';
import { CHROMIUM_ARGS, FAKE_MICROPHONE_ARGS, chromiumPath } from './test/e2e/support/environment';
import { REPEATABLE_SOX_ENV } from './test/helpers/repeatable-sox';

// The specs' workers inherit the runner's environment.
Object.assign(process.env, REPEATABLE_SOX_ENV);

/**
 * End-to-end tests of the app in both hosts: the browser host in Debian's Chromium, and
 * (where its binary exists) the real Electron app. One worker and generous timeouts: the
 * suite must pass on two slow cores, with the scoring engine starting in each test.
 */
export default defineConfig<HostOptions>({
  testDir: 'test/e2e',
  outputDir: 'test-results/artifacts',
  globalSetup: './test/e2e/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  timeout: 180_000,
  expect: { timeout: 20_000 },
  retries: process.env.CI === 'true' ? 1 : 0,
  reporter: [['list']],
  use: {
    actionTimeout: 20_000,
    navigationTimeout: 60_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'browser-host',
      testMatch: /.*\.spec\.ts/u,
      use: {
        browserName: 'chromium',
        headless: true,
        launchOptions: {
          executablePath: chromiumPath() ?? undefined,
          args: [...CHROMIUM_ARGS, ...FAKE_MICROPHONE_ARGS],
        },
      },
    },
    {
      name: 'electron-native',
      testMatch: /electron\.setup\.ts/u,
      dependencies: ['browser-host'],
    },
    {
      name: 'electron',
      testMatch: /.*\.spec\.ts/u,
      dependencies: ['electron-native'],
      use: { host: 'electron' },
    },
  ],
});
