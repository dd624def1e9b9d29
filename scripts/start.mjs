#!/usr/bin/env node
// `npm start`: build when the sources changed, then run Examiner in Electron, or, where
// Electron's binary cannot be had, in the browser host (Node + the system's Chromium).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { electronBinary, installElectronOnce } from './electron-binary.mjs';
import { ensureNative } from './ensure-native.mjs';

const root = join(import.meta.dirname, '..');
const inputs = ['src', 'package.json', 'electron.vite.config.ts'];
const outputs = [
  'out/main/index.js',
  'out/main/browser-host.js',
  'out/main/server.js',
  'out/main/scoring-worker.js',
  'out/preload/index.cjs',
  'out/renderer/index.html',
];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    0,
  );
}

function buildIsCurrent() {
  const paths = outputs.map((path) => join(root, path));
  if (!paths.every(existsSync)) return false;
  const oldestOutput = Math.min(...paths.map((path) => statSync(path).mtimeMs));
  return inputs.every((path) => newestMtime(join(root, path)) < oldestOutput);
}

function runOrExit(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Runs the app in the foreground, passing Ctrl+C and termination on to it. */
function runApp(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function startBrowserHost() {
  const native = ensureNative('node');
  if (!native.ok) {
    console.error(`start: ${native.message}`);
    process.exit(1);
  }
  runApp(process.execPath, ['out/main/browser-host.js']);
}

if (buildIsCurrent()) console.log('start: the build in out/ is up to date');
else runOrExit('npx', ['electron-vite', 'build']);

// `npm start -- --browser` (or EXAMINER_HOST=browser) picks the browser host even where
// Electron is installed.
const wantsBrowser = process.argv.includes('--browser') || process.env.EXAMINER_HOST === 'browser';
const electron = wantsBrowser ? null : (electronBinary() ?? installElectronOnce(60_000));
if (wantsBrowser) {
  startBrowserHost();
} else if (!electron) {
  console.log(
    "Electron's binary is not available (no network to fetch it); starting the browser host instead.",
  );
  startBrowserHost();
} else {
  const native = ensureNative('electron');
  if (native.ok) {
    runApp(electron, ['.']);
  } else {
    // The Electron build is made in a copy, so Node's build is untouched and still loads.
    console.log(`${native.message}; starting the browser host instead.`);
    startBrowserHost();
  }
}
