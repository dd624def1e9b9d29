import { spawnSync } from 'node:child_process';
import { chromiumPath, electronBinary, onCi, ROOT } from './support/environment';

/** Builds once up front, so that no test's timeout pays for it (start.mjs then skips it). */
export default function globalSetup(): void {
  const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('electron-vite build failed');
  // The list reporter shows skips without their reasons, so they are named here once.
  if (!chromiumPath() && !onCi) {
    console.log(
      'e2e: no Chromium at $CHROMIUM_PATH or /usr/bin/chromium; browser-host tests skip.',
    );
  }
  if (!electronBinary()) {
    console.log(
      "e2e: Electron's binary is not installed (no network); the electron project skips.",
    );
  }
}
