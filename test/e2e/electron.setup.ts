import { spawnSync } from 'node:child_process';
import { test as setup } from '@playwright/test';
import { electronBinary, ROOT } from './support/environment';

// Runs after the browser-host project: it switches better-sqlite3 to Electron's ABI.
setup('better-sqlite3 is built for Electron', () => {
  setup.skip(!electronBinary(), "Electron's binary is not installed (no network to fetch it)");
  const result = spawnSync(process.execPath, ['scripts/ensure-native.mjs', 'electron'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('ensure-native electron failed');
});
