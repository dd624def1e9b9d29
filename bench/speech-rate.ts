/**
 * The speech-rate bars of src/engine/scoring/speech-rate.ts. On speechocean762's corpus-train
 * speakers only: which quantiles of the real readings' sounding rate the bars sit on (those that
 * hold the most train readings slowed to a third with sox at 2 of 5, while the fluency r in
 * speaker-grouped cross-validation stays at least the articulation rate's alone), and the bars
 * those quantiles give on all train readings. Then, touching no choice, the fluency r of the 60
 * test speakers under the calibration fitted on the train speakers.
 * Usage: npx tsx bench/speech-rate.ts (needs the analysis cache of `npm run bench:so762`).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { audioCautions, type AudioCaution } from '../src/engine/audio/cautions.js';
import { decodeAudio } from '../src/engine/audio/decode.js';
import { analyseQuality } from '../src/engine/audio/quality.js';
import { analyseSpeech, type SpeechAnalysis } from '../src/engine/evidence/analysis.js';
import { utteranceFeatures } from '../src/engine/evidence/features.js';
import { loadAcousticModel } from '../src/engine/recognizer/load.js';
import {
  fluencyCeiling,
  readingRates,
  SPEECH_RATE_BARS,
  speechRateBars,
  type RateBars,
  type SpeechRateBars,
  type SpeechRates,
} from '../src/engine/scoring/speech-rate.js';
import { predictBlend } from '../src/engine/scoring/models/calibration.js';
import { tokenize } from '../src/engine/text/words.js';
import { audioChecks, loadCorpus, type CorpusItem } from './so762-analyses.js';
import { readLabels, SO762_DIR, speakerOf, exitUnlessCorpus } from './so762-corpus.js';
import { correlation, crossValidate, FOLDS, speakerFolds } from './so762-cv.js';
import {
  isTestSpeaker,
  testPart,
  trainOnlyCalibration,
  trainPart,
  USERS_CACHE_DIR,
} from './so762-split.js';
import { sox } from './so762-user-cases.js';

const SLOWED_EVERY = 25;
const ARTICULATION: RateBars = { slow: 0, normal: 0.01 };
/** Bars no rate falls under: the sounding rate caps nothing. */
const NEVER: RateBars = { slow: 0, normal: 0 };
/** The sounding rate's quantile pairs tried (none: the articulation rate alone). */
const SOUNDING_CANDIDATES: (RateBars | null)[] = [
  null,
  { slow: 0, normal: 0.01 },
  { slow: 0.01, normal: 0.02 },
  { slow: 0.01, normal: 0.05 },
  { slow: 0.02, normal: 0.05 },
  { slow: 0.02, normal: 0.1 },
  { slow: 0.05, normal: 0.1 },
];

const rates = (analysis: SpeechAnalysis, cautions: readonly AudioCaution[]): SpeechRates =>
  readingRates(analysis, utteranceFeatures(analysis), cautions);
/** Each train reading's rates, under the audio check's cautions. */
const itemRates = new Map<string, SpeechRates>();
const rateOf = (item: CorpusItem): SpeechRates => itemRates.get(item.id)!;

function barsFor(items: readonly CorpusItem[], sounding: RateBars | null) {
  const bars = speechRateBars(items.map(rateOf), {
    articulation: ARTICULATION,
    sounding: sounding ?? NEVER,
  });
  return sounding ? bars : { ...bars, sounding: NEVER };
}

/** The rates of every SLOWED_EVERY-th train reading slowed with sox to `tempo`. */
async function slowedRates(tempo: number): Promise<SpeechRates[]> {
  const folder = join(USERS_CACHE_DIR, 'slowed-train');
  mkdirSync(folder, { recursive: true });
  const model = await loadAcousticModel();
  const labels = readLabels().filter((label) => !isTestSpeaker(speakerOf(label.id)));
  const result: SpeechRates[] = [];
  for (const label of labels.filter((_, index) => index % SLOWED_EVERY === 0)) {
    const out = join(folder, `${label.id}-${tempo.toFixed(2)}.wav`);
    await sox([join(SO762_DIR, 'audio', `${label.id}.wav`), out, 'tempo', '-s', String(tempo)]);
    const audio = await decodeAudio(new Uint8Array(readFileSync(out)));
    const cautions = audioCautions(await analyseQuality(audio));
    result.push(rates(analyseSpeech(model, audio.samples, tokenize(label.text)), cautions));
  }
  model.close();
  return result;
}

exitUnlessCorpus('speech-rate');
const corpus = await loadCorpus(() => undefined, { cachedOnly: true });
const train = trainPart(corpus);
const checks = await audioChecks(train.items);
for (const item of train.items)
  itemRates.set(item.id, rates(item.analysis, checks.get(item.id)?.cautions ?? []));
const slowed = { half: await slowedRates(1 / 2), third: await slowedRates(1 / 3) };
console.log(
  `train readings ${train.items.length}, ${slowed.third.length} of them slowed; shipped bars ${JSON.stringify(SPEECH_RATE_BARS)}`,
);

// The fluency model's out-of-fold predictions, in crossValidate's order (fold by fold).
const validation = crossValidate(train.items, train.cases, checks);
const folds = speakerFolds(train.cases.map((item) => item.case.speaker));
const ordered = Array.from({ length: FOLDS }, (_, fold) =>
  train.items.filter((item) => folds.get(item.speaker) === fold),
);
const predicted = validation.fluencyModel.predicted;
const share = (values: readonly SpeechRates[], bars: SpeechRateBars): number =>
  values.filter((value) => fluencyCeiling(value, bars) <= 0.4).length / values.length;

interface Trial {
  candidate: RateBars | null;
  r: number;
  third: number;
}
const trials: Trial[] = [];
console.log(
  `fluency model alone, cross-validated r ${correlation(validation.fluencyModel).toFixed(5)}`,
);
console.log(
  'sounding quantiles | cross-validated fluency r | train readings capped (their expert fluency, mean) | slowed ×2 / ×3 at most 2 of 5 | bars',
);
for (const candidate of SOUNDING_CANDIDATES) {
  const rated: number[] = [];
  ordered.forEach((items, fold) => {
    const bars = barsFor(
      train.items.filter((item) => folds.get(item.speaker) !== fold),
      candidate,
    );
    for (const item of items) {
      const fluency = predicted[rated.length]!;
      rated.push(10 * Math.min(fluency / 10, fluencyCeiling(rateOf(item), bars)));
    }
  });
  const bars = barsFor(train.items, candidate);
  const capped = train.items.filter((item) => fluencyCeiling(rateOf(item), bars) < 1);
  const expert =
    capped.reduce((sum, item) => sum + item.label.fluency, 0) / Math.max(1, capped.length);
  const trial = {
    candidate,
    r: correlation({ ...validation.fluencyModel, predicted: rated }),
    third: share(slowed.third, bars),
  };
  trials.push(trial);
  console.log(
    `${candidate ? `${candidate.slow}, ${candidate.normal}` : 'none'} | ${trial.r.toFixed(5)} | ${capped.length} (${expert.toFixed(1)}) | ${percent(share(slowed.half, bars))} / ${percent(trial.third)} | ${JSON.stringify(bars.sounding)}`,
  );
}

// Catch the most slowed readings without costing real learners: r at least the articulation rate's alone.
const floor = trials[0]!.r;
const chosen = trials
  .filter((trial) => trial.candidate !== null && trial.r >= floor)
  .sort((a, b) => b.third - a.third || b.r - a.r)[0];
console.log(`chosen sounding quantiles: ${JSON.stringify(chosen?.candidate ?? null)}`);
console.log(
  `bars on all train readings (the quantiles in speech-rate.ts): ${JSON.stringify(speechRateBars(train.items.map(rateOf)))}`,
);

// The experts' fluency (0–10) of the slowest 2% of the train readings by each measure.
for (const measure of ['articulation', 'sounding'] as const) {
  const slowest = [...train.items]
    .sort((a, b) => (rateOf(a)[measure] ?? Infinity) - (rateOf(b)[measure] ?? Infinity))
    .slice(0, Math.round(0.02 * train.items.length))
    .map((item) => item.label.fluency);
  console.log(
    `slowest 2% by the ${measure} rate: expert fluency ${Math.min(...slowest)}–${Math.max(...slowest)}, mean ${(slowest.reduce((sum, value) => sum + value, 0) / slowest.length).toFixed(1)}`,
  );
}

// The external test: the 60 test speakers, the calibration fitted on the train speakers only.
const calibration = await trainOnlyCalibration(corpus);
const test = testPart(corpus).items;
const testChecks = await audioChecks(test);
const expert = test.map((item) => item.label.fluency);
const speakers = test.map((item) => item.speaker);
const external = (ceiling: (rates: SpeechRates) => number): number =>
  correlation({
    expert,
    speakers,
    predicted: test.map((item) => {
      const features = utteranceFeatures(item.analysis);
      const cautions = testChecks.get(item.id)?.cautions ?? [];
      const rated = readingRates(item.analysis, features, cautions);
      return Math.min(predictBlend(calibration.fluency, features), 10 * ceiling(rated));
    }),
  });
console.log(
  `external fluency r (60 test speakers): the model alone ${external(() => 1).toFixed(4)}, under the articulation rate's ceiling ${external((rated) => fluencyCeiling({ articulation: rated.articulation })).toFixed(4)}, under both ${external((rated) => fluencyCeiling(rated)).toFixed(4)}`,
);

function percent(value: number): string {
  return `${(100 * value).toFixed(0)}%`;
}
