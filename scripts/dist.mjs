#!/usr/bin/env node
// `npm run dist`: the installers for this platform (Linux: AppImage and deb; Windows: NSIS;
// macOS: dmg) in dist/, configured by electron-builder.yml. Extra arguments go to
// electron-builder (`npm run dist -- --linux deb`). Where Electron's zip cannot be fetched,
// it says so in one line and exits 0: there is nothing to package without it.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { electronBinary, electronDistDir, installElectronOnce } from './electron-binary.mjs';
import { ensureNative } from './ensure-native.mjs';

const root = join(import.meta.dirname, '..');
const electronVersion = createRequire(import.meta.url)('electron/package.json').version;

function step(name, command, args) {
  console.log(`dist: ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`dist: ${name} failed`);
    process.exit(result.status ?? 1);
  }
}

if (!electronBinary() && !installElectronOnce(10 * 60_000)) {
  console.log(
    `dist: Electron ${electronVersion}'s zip cannot be fetched here (no network to its release server), so no installers were built.`,
  );
  process.exit(0);
}

const native = ensureNative('electron');
if (!native.ok) {
  console.error(`dist: ${native.message}`);
  process.exit(1);
}
step('building the app', 'npx', ['electron-vite', 'build']);
const passed = process.argv.slice(2);
const otherPlatform = passed.some((arg) => /^-(-win|-mac|-linux|w|m|l)$/u.test(arg));
step('packaging', 'npx', [
  'electron-builder',
  ...['--publish', 'never'],
  // This platform's Electron, just fetched or installed, rather than a second download.
  ...(otherPlatform ? [] : [`-c.electronDist=${electronDistDir()}`]),
  ...passed,
]);
// Back to Node's build for the tests and the browser host: a copy of the kept file.
const back = ensureNative('node');
console.log(`dist: installers in dist/; ${back.message}`);
