/**
 * Fingerprints of the code a cached bench result came from: a cache is reused only while its
 * fingerprint is unchanged, so a bench never reports figures of an engine that no longer exists.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configuredModel } from '../src/engine/recognizer/models.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

function fingerprintOf(
  paths: readonly string[],
  leftOut: ReadonlySet<string> = new Set(),
  model = '',
): string {
  const hash = createHash('sha256');
  hash.update(model);
  for (const path of paths.flatMap((under) => filesUnder(join(ROOT, under)))) {
    if (leftOut.has(path.slice(ROOT.length + 1))) continue;
    hash.update(path.slice(ROOT.length));
    hash.update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The engine's code, the acoustic model it loads (EXAMINER_SPEECH_MODEL) and that model's
 * shipped calibration: what a scored result depends on.
 */
export function engineFingerprint(): string {
  const model = configuredModel();
  return fingerprintOf(['src/engine', `resources/calibration/${model}.json`], new Set(), model);
}

/**
 * What is worked out from a cached analysis whenever it is read, never stored in it: which words
 * count as said, and the features the calibration's models read.
 */
const READ_FROM_ANALYSES = new Set([
  'src/engine/evidence/said-model.ts',
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
