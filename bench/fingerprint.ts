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

/**
 * The engine's code and the shipped calibration of the acoustic model it loads
 * (EXAMINER_SPEECH_MODEL), whose name is in the calibration's path: what a scored result depends
 * on. Refitting one model's calibration leaves the other model's cached results valid.
 */
export function engineFingerprint(): string {
  return fingerprintOf(['src/engine', `resources/calibration/${configuredModel()}.json`]);
}

/**
 * What is worked out from a cached analysis whenever it is read, never stored in it: which words
 * count as said (a second model's opinion on them included), and the features the calibration's
 * models read.
 */
const READ_FROM_ANALYSES = new Set([
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
