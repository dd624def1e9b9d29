#!/usr/bin/env node
/**
 * `npm run dist:server`: the scoring server as a self-contained folder (dist/server) and a
 * tarball of it beside the folder (dist/examiner-server-<version>.tgz) that runs with
 * `node server.js` and nothing else. The container image only copies this folder.
 *
 * Our code and every pure-JavaScript dependency are bundled by esbuild into two files, the
 * server and its scoring worker. The two packages read files of their own at run time stay
 * real packages under node_modules, copied from this checkout with only what the server reads:
 * soundswallower (its WebAssembly and the US-English acoustic model),
 * an-array-of-english-words (the dictation word list) and @ricky0123/vad-web (only the Silero
 * VAD model file, whose weights the engine reads itself). The vendored 16 kHz acoustic model
 * (resources/models) is copied beside the bundle, where the engine looks for it. The calibration
 * models are JSON imported by the engine, so they are inside the bundle.
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const { values: args } = parseArgs({ options: { out: { type: 'string' } } });
/** `--out DIR` builds elsewhere (the tests build into a temporary folder). */
const out = resolve(args.out ?? join(root, 'dist', 'server'));

/** Files each runtime package needs, relative to its folder; nothing else is copied. */
const RUNTIME_PACKAGES = {
  soundswallower: [
    'package.json',
    'README.md',
    'soundswallower.node.js',
    'soundswallower.node.wasm',
    'model/en-us',
  ],
  'an-array-of-english-words': ['package.json', 'readme.md', 'license', 'index.json'],
  '@ricky0123/vad-web': ['package.json', 'README.md', 'dist/silero_vad_v5.onnx'],
  // Moonshine tiny (src/engine/recognizer/moonshine.ts): the package's entry is kept only so the
  // engine can find the model folder beside it; onnxruntime-web's Node build loads its
  // WebAssembly runtime by path, so it cannot be bundled.
  '@moonshine-ai/moonshine-js': [
    'package.json',
    'README.md',
    'LICENSE',
    'dist/moonshine.min.js',
    'dist/model/tiny/quantized',
  ],
  'onnxruntime-web': [
    'package.json',
    'README.md',
    'dist/ort.node.min.mjs',
    'dist/ort-wasm-simd-threaded.mjs',
    'dist/ort-wasm-simd-threaded.wasm',
  ],
  'onnxruntime-common': ['package.json', 'README.md', 'dist/esm'],
};

/** Bundled CommonJS packages still call require() for Node's built-ins. */
const REQUIRE_SHIM =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

async function bundle() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      server: 'src/server/cli.ts',
      'scoring-worker': 'src/server/workers/worker-main.ts',
    },
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external: Object.keys(RUNTIME_PACKAGES),
    banner: { js: REQUIRE_SHIM },
    legalComments: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  return result.metafile;
}

function copyRuntimePackages() {
  for (const [name, files] of Object.entries(RUNTIME_PACKAGES)) {
    const from = join(root, 'node_modules', name);
    const to = join(out, 'node_modules', name);
    for (const file of files) cpSync(join(from, file), join(to, file), { recursive: true });
  }
}

function copyVendoredModels() {
  cpSync(join(root, 'resources', 'models'), join(out, 'resources', 'models'), { recursive: true });
}

function writeManifest() {
  const versions = Object.fromEntries(
    Object.keys(RUNTIME_PACKAGES).map((name) => {
      const manifest = join(root, 'node_modules', name, 'package.json');
      return [name, JSON.parse(readFileSync(manifest, 'utf8')).version];
    }),
  );
  const manifest = {
    name: 'examiner-scoring-server',
    version: rootPackage.version,
    description: 'The Examiner speech-scoring server: node server.js --port 8080 --keys FILE',
    private: true,
    type: 'module',
    license: rootPackage.license,
    engines: rootPackage.engines,
    main: 'server.js',
    scripts: { start: 'node server.js' },
    dependencies: versions,
  };
  writeFileSync(join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

function folderBytes(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.size;
  return readdirSync(path).reduce((sum, entry) => sum + folderBytes(join(path, entry)), 0);
}

function tarball() {
  const file = join(dirname(out), `examiner-server-${rootPackage.version}.tgz`);
  execFileSync('tar', ['-czf', file, '-C', dirname(out), basename(out)]);
  return file;
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const metafile = await bundle();
copyRuntimePackages();
copyVendoredModels();
writeManifest();
const tgz = tarball();
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const shown = (path) => (path.startsWith(root) ? relative(root, path) : path);
const bundled = Object.entries(metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .map(([file, output]) => `${basename(file)} ${mib(output.bytes)}`);
console.log(`dist:server: ${shown(out)} ${mib(folderBytes(out))} (${bundled.join(', ')})`);
console.log(`dist:server: ${shown(tgz)} ${mib(statSync(tgz).size)}`);
