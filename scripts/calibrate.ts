/**
 * Refits the speech engine's calibration on the speechocean762 train speakers in ../shared/so762
 * and writes resources/calibration/speech.json. Usage: npm run calibrate
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyseCorpus, corpusAvailable, SO762_DIR } from '../bench/so762-corpus.js';
import { calibrationData, corpusPhoneNorms } from '../bench/so762-rows.js';
import { CALIBRATION_URL, fitCalibration } from '../src/engine/scoring/calibration.js';

if (!corpusAvailable()) {
  console.log(`calibrate: skipped, speechocean762 not found at ${SO762_DIR}`);
  process.exit(0);
}
const run = await analyseCorpus((line) => console.log(line));
const norms = corpusPhoneNorms(run.items);
const data = calibrationData(run.items, norms);
const calibration = fitCalibration(data, norms, 'speechocean762 train speakers (../shared/so762)');
writeFileSync(CALIBRATION_URL, `${JSON.stringify(calibration, null, 2)}\n`);
console.log(
  `calibrate: ${data.utterances.length} utterances, ${data.words.length} words, ${data.phones.length} phones → ${fileURLToPath(CALIBRATION_URL)}`,
);
