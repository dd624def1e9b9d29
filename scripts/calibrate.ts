/**
 * Refits the speech engine's calibration on every speaker in ../shared/so762 (speechocean762)
 * and the cases built from it, analysed with the configured acoustic model, and writes
 * resources/calibration/<model>.json.
 * Usage: npm run calibrate; EXAMINER_SPEECH_MODEL=en-us-16k npm run calibrate
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { audioChecks, loadCorpus } from '../bench/so762-analyses.js';
import { heardIn } from '../bench/so762-cv.js';
import { corpusAvailable, SO762_DIR } from '../bench/so762-corpus.js';
import { calibrationData, corpusPhoneNorms } from '../bench/so762-rows.js';
import { configuredModel } from '../src/engine/recognizer/models.js';
import { calibrationUrl, fitCalibration } from './training/fit-calibration.js';

if (!corpusAvailable()) {
  console.log(`calibrate: skipped, speechocean762 not found at ${SO762_DIR}`);
  process.exit(0);
}
const corpus = await loadCorpus((line) => console.log(line));
const norms = corpusPhoneNorms(corpus.items);
// Only the real readings' audio checks set a bar (training/fit-calibration.ts, bothModelsBars).
const checks = await audioChecks(corpus.items);
const data = calibrationData(corpus.items, corpus.cases, norms, heardIn(checks));
const target = calibrationUrl(configuredModel());
const calibration = fitCalibration(
  data,
  norms,
  'speechocean762 (../shared/so762) and cases built from it',
);
writeFileSync(target, `${JSON.stringify(calibration, null, 2)}\n`);
console.log(
  `calibrate: ${data.utterances.length} utterances, ${data.words.length} words, ${data.phones.length} phones, ${data.verification.length} verification cases → ${fileURLToPath(target)}`,
);
