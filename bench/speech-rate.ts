/**
 * The speech-rate bars of src/engine/scoring/speech-rate.ts, recomputed from the articulation
 * rate of speechocean762's readings by the corpus-train speakers (the test speakers touch no
 * choice), and where readings slowed with sox (tempo 1/2 and 1/3, train speakers) fall.
 * Usage: npx tsx bench/speech-rate.ts (needs the analysis cache of `npm run bench:so762`).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeAudio } from '../src/engine/audio/decode.js';
import { analyseSpeech } from '../src/engine/evidence/analysis.js';
import { utteranceFeatures } from '../src/engine/evidence/features.js';
import { loadAcousticModel } from '../src/engine/recognizer/load.js';
import {
  fluencyCeiling,
  SPEECH_RATE_BARS,
  speechRateBars,
} from '../src/engine/scoring/speech-rate.js';
import { tokenize } from '../src/engine/text/words.js';
import { loadCorpus } from './so762-analyses.js';
import { readLabels, SO762_DIR, speakerOf, exitUnlessCorpus } from './so762-corpus.js';
import { isTestSpeaker, USERS_CACHE_DIR } from './so762-split.js';
import { sox } from './so762-user-cases.js';

const SLOWED_EVERY = 25;

exitUnlessCorpus('speech-rate');
const corpus = await loadCorpus(() => undefined, { cachedOnly: true });
const train = corpus.items.filter((item) => !isTestSpeaker(item.speaker));
const rates = train.map((item) => utteranceFeatures(item.analysis).articulationRate);
const bars = speechRateBars(rates);
console.log(
  `train readings ${train.length}: bars slow ${bars.slow.toFixed(2)}, normal ${bars.normal.toFixed(2)} (shipped ${SPEECH_RATE_BARS.slow}, ${SPEECH_RATE_BARS.normal})`,
);
const capped = (values: number[]): number =>
  values.filter((rate) => fluencyCeiling(rate) < 1).length;
const test = corpus.items.filter((item) => isTestSpeaker(item.speaker));
const testRates = test.map((item) => utteranceFeatures(item.analysis).articulationRate);
console.log(
  `readings under a ceiling: train ${capped(rates)}/${rates.length}, test ${capped(testRates)}/${testRates.length}`,
);

const folder = join(USERS_CACHE_DIR, 'slowed-train');
mkdirSync(folder, { recursive: true });
const model = await loadAcousticModel();
const labels = readLabels().filter((label) => !isTestSpeaker(speakerOf(label.id)));
for (const tempo of [1 / 2, 1 / 3]) {
  const ceilings: number[] = [];
  for (const label of labels.filter((_, index) => index % SLOWED_EVERY === 0)) {
    const out = join(folder, `${label.id}-${tempo.toFixed(2)}.wav`);
    await sox([join(SO762_DIR, 'audio', `${label.id}.wav`), out, 'tempo', '-s', String(tempo)]);
    const { samples } = await decodeAudio(new Uint8Array(readFileSync(out)));
    const analysis = analyseSpeech(model, samples, tokenize(label.text));
    ceilings.push(fluencyCeiling(utteranceFeatures(analysis).articulationRate));
  }
  const low = ceilings.filter((ceiling) => ceiling <= 0.4).length;
  console.log(
    `tempo ${tempo.toFixed(2)}: ${ceilings.length} readings, fluency ceiling ≤ 2 of 5 in ${low} (${((100 * low) / ceilings.length).toFixed(0)}%)`,
  );
}
model.close();
