/**
 * Refits the speech engine's calibration on every speaker in ../shared/so762 (speechocean762)
 * and the cases built from it, and writes resources/calibration/speech.json.
 * Usage: npm run calibrate
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCorpus } from '../bench/so762-analyses.js';
import { corpusAvailable, SO762_DIR } from '../bench/so762-corpus.js';
import { calibrationData, corpusPhoneNorms } from '../bench/so762-rows.js';
import { CALIBRATION_URL, fitCalibration } from './training/fit-calibration.js';

if (!corpusAvailable()) {
  console.log(`calibrate: skipped, speechocean762 not found at ${SO762_DIR}`);
  process.exit(0);
}
const corpus = await loadCorpus((line) => console.log(line));
const norms = corpusPhoneNorms(corpus.items);
const data = calibrationData(corpus.items, corpus.cases, norms);
const calibration = fitCalibration(
  data,
  norms,
  'speechocean762 (../shared/so762) and cases built from it',
);
writeFileSync(CALIBRATION_URL, `${JSON.stringify(calibration, null, 2)}\n`);
console.log(
  `calibrate: ${data.utterances.length} utterances, ${data.words.length} words, ${data.phones.length} phones, ${data.verification.length} verification cases → ${fileURLToPath(CALIBRATION_URL)}`,
);
