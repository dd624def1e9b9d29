#!/usr/bin/env node
// Makes better-sqlite3's native module match the runtime that will load it: Node (tests, the
// browser host) and Electron use different ABIs. Each runtime's build is kept in native/, so
// switching hosts copies a file instead of rebuilding. An Electron build is made in a scratch
// copy of the package, never in place: when it fails (no network for Electron's headers or a
// prebuilt binary), the Node build in node_modules is untouched and still loads.
// Usage: node scripts/ensure-native.mjs <node|electron>
// EXAMINER_SIMULATE_NATIVE_BUILD_FAILURE=1 makes the Electron build fail, to test the fallback.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');
const packageDir = join(root, 'node_modules/better-sqlite3');
const activeAddon = join(packageDir, 'build/Release/better_sqlite3.node');
const activeMarker = join(packageDir, 'build/Release/examiner-runtime');
const nativeDir = join(root, 'native');
const ADDON = 'better_sqlite3.node';

const require = createRequire(import.meta.url);

function version(name) {
  return require(`${name}/package.json`).version;
}

/** Names one build: runtime, its version, the platform and better-sqlite3's own version. */
function buildKey(runtime, runtimeVersion, platform = process.platform, arch = process.arch) {
  return `${runtime}-${runtimeVersion}-${platform}-${arch}-better-sqlite3-${version('better-sqlite3')}`;
}

const nodeKey = () => buildKey('node', `abi${process.versions.modules}`);
const electronKey = (platform, arch) => buildKey('electron', version('electron'), platform, arch);

/** Where the kept copy of one build lives. */
const keptAddon = (key) => join(nativeDir, key, ADDON);

function activeKey() {
  return existsSync(activeMarker) ? readFileSync(activeMarker, 'utf8').trim() : null;
}

function loadsInNode() {
  const probe = `new (require('better-sqlite3'))(':memory:').close()`;
  return spawnSync(process.execPath, ['-e', probe], { cwd: root, stdio: 'ignore' }).status === 0;
}

function keep(key) {
  mkdirSync(join(nativeDir, key), { recursive: true });
  copyFileSync(activeAddon, keptAddon(key));
}

/** Copies a kept build into node_modules; the rename makes the switch all or nothing. */
function activate(key) {
  const staging = `${activeAddon}.new`;
  mkdirSync(join(packageDir, 'build/Release'), { recursive: true });
  copyFileSync(keptAddon(key), staging);
  renameSync(staging, activeAddon);
  writeFileSync(activeMarker, `${key}\n`);
}

/** Before another build replaces the active one, a Node build that loads is kept. */
function keepNodeBuild() {
  if (existsSync(activeAddon) && !existsSync(keptAddon(nodeKey())) && loadsInNode()) {
    keep(nodeKey());
  }
}

function ensureNode() {
  const key = nodeKey();
  if (loadsInNode()) {
    if (!existsSync(keptAddon(key))) keep(key);
    writeFileSync(activeMarker, `${key}\n`);
    return { ok: true, message: `better-sqlite3 loads in Node ${process.version}` };
  }
  if (existsSync(keptAddon(key))) {
    activate(key);
    if (loadsInNode()) return { ok: true, message: `switched better-sqlite3 to Node's build` };
  }
  console.log(`ensure-native: rebuilding better-sqlite3 for Node ${process.version}`);
  const rebuild = spawnSync('npm', ['rebuild', 'better-sqlite3'], { cwd: root, stdio: 'inherit' });
  if (rebuild.status !== 0 || !loadsInNode()) {
    return { ok: false, message: 'better-sqlite3 does not load in Node, even after a rebuild' };
  }
  keep(key);
  writeFileSync(activeMarker, `${key}\n`);
  return { ok: true, message: `better-sqlite3 rebuilt for Node ${process.version}` };
}

/** npm's `nodedir` (Node's own headers) must not reach node-gyp when it builds for Electron. */
function electronBuildEnv() {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name.toLowerCase() !== 'npm_config_nodedir'),
  );
}

/**
 * Builds better-sqlite3 for Electron in native/.build (a copy of the package without its
 * build), with @electron/rebuild: a prebuilt binary when one can be fetched, else compiled
 * against Electron's headers. Its output goes to a log, so that a failure is one line here.
 */
function buildForElectron(platform = process.platform, arch = process.arch) {
  const key = electronKey(platform, arch);
  const scratch = join(nativeDir, '.build');
  const log = join(nativeDir, 'electron-build.log');
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(join(scratch, 'node_modules'), { recursive: true });
  mkdirSync(nativeDir, { recursive: true });
  cpSync(packageDir, join(scratch, 'node_modules/better-sqlite3'), {
    recursive: true,
    filter: (source) => {
      const path = relative(packageDir, source);
      return path !== 'build' && !path.startsWith(`build${sep}`);
    },
  });
  writeFileSync(
    join(scratch, 'package.json'),
    JSON.stringify({
      private: true,
      dependencies: { 'better-sqlite3': version('better-sqlite3') },
    }),
  );
  const args = [
    join(root, 'node_modules/@electron/rebuild/lib/cli.js'),
    ...['--force', '--only', 'better-sqlite3', '--module-dir', scratch],
    ...['--version', version('electron'), '--platform', platform, '--arch', arch],
  ];
  const simulated = process.env.EXAMINER_SIMULATE_NATIVE_BUILD_FAILURE === '1';
  const result = simulated
    ? { status: 1, stdout: 'simulated failure (EXAMINER_SIMULATE_NATIVE_BUILD_FAILURE=1)\n' }
    : spawnSync(process.execPath, args, {
        cwd: root,
        encoding: 'utf8',
        timeout: 15 * 60_000,
        env: electronBuildEnv(),
      });
  writeFileSync(log, `${result.stdout ?? ''}${result.stderr ?? ''}`);
  const built = join(scratch, 'node_modules/better-sqlite3/build/Release', ADDON);
  if (result.status !== 0 || !existsSync(built)) {
    rmSync(scratch, { recursive: true, force: true });
    return {
      ok: false,
      message:
        `better-sqlite3 could not be built for Electron ${version('electron')} ` +
        `(details in ${relative(root, log)})`,
    };
  }
  mkdirSync(join(nativeDir, key), { recursive: true });
  copyFileSync(built, keptAddon(key));
  rmSync(scratch, { recursive: true, force: true });
  return { ok: true, message: `better-sqlite3 built for Electron ${version('electron')}` };
}

function ensureElectron() {
  const key = electronKey();
  if (activeKey() === key && existsSync(activeAddon)) {
    return { ok: true, message: `better-sqlite3 is built for Electron ${version('electron')}` };
  }
  if (!existsSync(keptAddon(key))) {
    const built = buildForElectron();
    if (!built.ok) return built;
  }
  keepNodeBuild();
  activate(key);
  return { ok: true, message: `switched better-sqlite3 to Electron's build` };
}

/** Makes the active build the one `target` ('node' or 'electron') loads; never throws. */
export function ensureNative(target) {
  try {
    return target === 'electron' ? ensureElectron() : ensureNode();
  } catch (error) {
    return { ok: false, message: `could not prepare better-sqlite3: ${error.message}` };
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const target = process.argv[2];
  if (target !== 'node' && target !== 'electron') {
    console.error('usage: node scripts/ensure-native.mjs <node|electron>');
    process.exit(2);
  }
  const outcome = ensureNative(target);
  (outcome.ok ? console.log : console.error)(`ensure-native: ${outcome.message}`);
  process.exit(outcome.ok ? 0 : 1);
}
