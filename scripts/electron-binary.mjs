// Where Electron's binary is, found the way the electron package finds it (path.txt, and
// ELECTRON_OVERRIDE_DIST_PATH), and Electron's own installer tried once when it is missing.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const electronDir = join(root, 'node_modules/electron');

/** The folder that holds Electron's unpacked zip. */
export function electronDistDir() {
  return process.env.ELECTRON_OVERRIDE_DIST_PATH || join(electronDir, 'dist');
}

export function electronBinary() {
  const pathFile = join(electronDir, 'path.txt');
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  if (!name && !process.env.ELECTRON_OVERRIDE_DIST_PATH) return null;
  const binary = join(electronDistDir(), name || 'electron');
  return existsSync(binary) ? binary : null;
}

/** Runs Electron's installer (it fetches the zip, or takes it from its cache) once. */
export function installElectronOnce(timeoutMs) {
  const installer = join(electronDir, 'install.js');
  spawnSync(process.execPath, [installer], { cwd: root, stdio: 'ignore', timeout: timeoutMs });
  return electronBinary();
}
