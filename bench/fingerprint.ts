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

function filesUnder(folder: string): string[] {
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const path = join(folder, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

function fingerprintOf(
  folders: readonly string[],
  leftOut: ReadonlySet<string> = new Set(),
  model = '',
): string {
  const hash = createHash('sha256');
  hash.update(model);
  for (const path of folders.flatMap((folder) => filesUnder(join(ROOT, folder)))) {
    if (leftOut.has(path.slice(ROOT.length + 1))) continue;
    hash.update(path.slice(ROOT.length));
    hash.update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The engine's code, its shipped calibrations and the acoustic model it loads
 * (EXAMINER_SPEECH_MODEL): what a scored result depends on.
 */
export function engineFingerprint(): string {
  return fingerprintOf(['src/engine', 'resources/calibration'], new Set(), configuredModel());
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
