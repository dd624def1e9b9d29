#!/usr/bin/env node
// Makes better-sqlite3's native module match the runtime that will load it: Node (tests,
// the browser host) and Electron use different ABIs, so switching hosts needs a rebuild.
// Usage: node scripts/ensure-native.mjs <node|electron>
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const release = join(root, 'node_modules/better-sqlite3/build/Release');
const addon = join(release, 'better_sqlite3.node');
const electronMarker = join(release, 'examiner-built-for-electron');

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) {
    console.error(`ensure-native: "${command} ${args.join(' ')}" failed`);
    process.exit(result.status ?? 1);
  }
}

function loadsInNode() {
  const probe = `new (require('better-sqlite3'))(':memory:').close()`;
  const result = spawnSync(process.execPath, ['-e', probe], { cwd: root, stdio: 'ignore' });
  return result.status === 0;
}

function electronVersion() {
  const require = createRequire(import.meta.url);
  return require('electron/package.json').version;
}

function builtForElectron(version) {
  return existsSync(addon) && existsSync(electronMarker)
    ? readFileSync(electronMarker, 'utf8').trim() === version
    : false;
}

function ensureNode() {
  if (loadsInNode())
    return console.log(`ensure-native: better-sqlite3 loads in Node ${process.version}`);
  console.log(`ensure-native: rebuilding better-sqlite3 for Node ${process.version}`);
  run('npm', ['rebuild', 'better-sqlite3']);
  rmSync(electronMarker, { force: true });
  if (!loadsInNode()) {
    console.error('ensure-native: better-sqlite3 still does not load in Node after the rebuild');
    process.exit(1);
  }
}

function ensureElectron() {
  const version = electronVersion();
  if (builtForElectron(version))
    return console.log(`ensure-native: better-sqlite3 is built for Electron ${version}`);
  console.log(`ensure-native: rebuilding better-sqlite3 for Electron ${version}`);
  run('npx', ['electron-rebuild', '-f', '-w', 'better-sqlite3']);
  writeFileSync(electronMarker, `${version}\n`);
}

const target = process.argv[2];
if (target === 'node') ensureNode();
else if (target === 'electron') ensureElectron();
else {
  console.error('usage: node scripts/ensure-native.mjs <node|electron>');
  process.exit(2);
}
