/**
 * Refits the speech engine's calibration on the speechocean762 train speakers in ../shared/so762
 * and writes resources/calibration/speech.json. Usage: npm run calibrate
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyseCorpus, corpusAvailable, SO762_DIR } from '../bench/so762-corpus.js';
import { calibrationData, corpusTypicalGop } from '../bench/so762-rows.js';
import { CALIBRATION_URL, fitCalibration } from '../src/engine/scoring/calibration.js';

if (!corpusAvailable()) {
  console.log(`calibrate: skipped, speechocean762 not found at ${SO762_DIR}`);
  process.exit(0);
}
const run = await analyseCorpus((line) => console.log(line));
const typicalGop = corpusTypicalGop(run.items);
const data = calibrationData(run.items, typicalGop);
const calibration = fitCalibration(
  data,
  typicalGop,
  'speechocean762 train speakers (../shared/so762)',
);
writeFileSync(CALIBRATION_URL, `${JSON.stringify(calibration, null, 2)}\n`);
console.log(
  `calibrate: ${data.utterances.length} utterances, ${data.words.length} words, ${data.phones.length} phones → ${fileURLToPath(CALIBRATION_URL)}`,
);
