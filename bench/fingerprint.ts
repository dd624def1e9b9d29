/**
 * Fingerprints of the code a cached bench result came from: a cache is reused only while its
 * fingerprint is unchanged, so a bench never reports figures of an engine that no longer exists.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configuredModel } from '../src/engine/recognizer/models.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The files at `path`: itself, or every file below it in name order. */
function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

function fingerprintOf(paths: readonly string[], leftOut: ReadonlySet<string> = new Set()): string {
  const hash = createHash('sha256');
  for (const path of paths.flatMap((under) => filesUnder(join(ROOT, under)))) {
    if (leftOut.has(path.slice(ROOT.length + 1))) continue;
    hash.update(path.slice(ROOT.length));
    hash.update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Relative module specifiers: `from './x.js'`, `import './x.js'`, `import('./x.js')`. */
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/gu;

/**
 * The files at `paths` (project-relative) and every project file they import, directly or not,
 * in name order: the engine scores with formulas that live in src/shared, so a fingerprint of
 * its folder alone kept the figures of a changed formula.
 */
export function withImports(paths: readonly string[]): string[] {
  const seen = new Set<string>();
  const pending = paths.flatMap((path) => filesUnder(join(ROOT, path)));
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.ts')) continue;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const target = resolve(dirname(file), specifier!).replace(/\.js$/u, '.ts');
      if (existsSync(target)) pending.push(target);
    }
  }
  return [...seen].map((file) => file.slice(ROOT.length + 1)).sort();
}

const CALIBRATIONS = 'resources/calibration/';

/**
 * The code at `paths` with what it imports, and the shipped calibration of the acoustic model the
 * engine loads (EXAMINER_SPEECH_MODEL). The engine imports every model's calibration but reads
 * only that one, so refitting one model's calibration leaves the other model's results valid.
 */
function codeFiles(paths: readonly string[]): string[] {
  return [
    ...withImports(paths).filter((path) => !path.startsWith(CALIBRATIONS)),
    `${CALIBRATIONS}${configuredModel()}.json`,
  ];
}

/** What a scored result depends on: the engine's code, the src/shared formulas among it. */
export function engineFingerprint(): string {
  return fingerprintOf(codeFiles(['src/engine']));
}

/**
 * What the external test's own fits and figures depend on (the train-only calibration, the
 * external test and its nested cross-validation): the engine, and the training and bench code
 * that fit and score with it, so a changed fit is never read from the cache.
 */
export function externalTestFingerprint(): string {
  return fingerprintOf(codeFiles(['src/engine', 'bench/so762-external.ts']));
}

/**
 * What is worked out from a cached analysis whenever it is read, never stored in it: which words
 * count as said (a second model's opinion and Moonshine's reading of them included; that reading
 * is cached apart, so762-neural-readings.ts), and the features the calibration's models read.
 */
const READ_FROM_ANALYSES = new Set([
  'src/engine/evidence/end-bar.ts',
  'src/engine/evidence/neural-bar.ts',
  'src/engine/evidence/neural-reading.ts',
  'src/engine/recognizer/moonshine.ts',
  'src/engine/evidence/said-model.ts',
  'src/engine/evidence/second-opinion.ts',
  'src/engine/evidence/word-acceptance.ts',
  'src/engine/evidence/features.ts',
]);

/**
 * The layers a speech analysis comes from (audio, recognizer, evidence, text): the analyses of
 * bench/so762-analyses.ts are reused across changes to scoring and calibration, never across
 * changes to how the audio is decoded and aligned (what is read from them aside).
 */
export function analysisFingerprint(): string {
  return fingerprintOf(
    ['src/engine/audio', 'src/engine/recognizer', 'src/engine/evidence', 'src/engine/text'],
    READ_FROM_ANALYSES,
  );
}

/**
 * What Moonshine's cached reading of a case depends on: its runner, the bar, the words, the
 * voice it reads (levels.ts).
 */
export function neuralReadingFingerprint(): string {
  return fingerprintOf([
    'src/engine/recognizer/moonshine.ts',
    'src/engine/evidence/neural-reading.ts',
    'src/engine/evidence/levels.ts',
    'src/engine/evidence/neural-bar.ts',
    'src/engine/text',
  ]);
}
