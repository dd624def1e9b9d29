/**
 * Would a classifier of poor words (experts' word accuracy 0–4) label them `Bad` better than
 * the bars on the word-accuracy regression do? Both are fitted and scored on speaker folds of
 * every speechocean762 speaker, with the answer's predicted accuracy as context (out of fold,
 * as scripts/training/fit-calibration.ts gives it), and compared at the same share of good
 * words (experts 8–10) called `Bad`. Then, for `Average` bars from 8.0 to 9.4, the mean recall
 * over the three bands and the poor and good words called `Bad`.
 * Usage: npx tsx bench/word-label-classifier.ts
 */
import { fitBoostedTrees } from '../scripts/training/fit-boosted-trees.js';
import {
  expertBand,
  fitLabelBars,
  fitWord,
  goodBarAbove,
  outOfFoldAccuracy,
  VERIFIER_TREES,
} from '../scripts/training/fit-calibration.js';
import type { TrainingRow } from '../scripts/training/ridge.js';
import { WORD_FEATURES } from '../src/engine/evidence/features.js';
import { predictTrees } from '../src/engine/scoring/models/boosted-trees.js';
import { predictBlend } from '../src/engine/scoring/models/calibration.js';
import { loadCorpus } from './so762-analyses.js';
import { exitUnlessCorpus } from './so762-corpus.js';
import { FOLDS, speakerFolds } from './so762-cv.js';
import { calibrationData, corpusPhoneNorms, FIRST_MODEL_ALONE } from './so762-rows.js';
import { rocArea } from './roc-area.js';

exitUnlessCorpus('word-label-classifier');
const corpus = await loadCorpus();
const norms = corpusPhoneNorms(corpus.items);
const data = calibrationData(corpus.items, corpus.cases, norms, FIRST_MODEL_ALONE);
const accuracy = outOfFoldAccuracy(data.utterances);
const words: TrainingRow[] = data.words.map((row) => ({
  values: { ...row.values, utteranceAccuracy: accuracy[row.utterance] ?? 0 },
  target: row.target,
}));
const speakers = data.words.map((row) => data.utterances[row.utterance]?.group ?? '');
const folds = speakerFolds(speakers);
const bands = words.map((row) => expertBand(row.target));
const poor = bands.map((band) => band === 0);
const good = bands.map((band) => band === 2);

const regression = new Array<number>(words.length).fill(0);
const classifier = new Array<number>(words.length).fill(0);
for (let fold = 0; fold < FOLDS; fold += 1) {
  const held = speakers.map((speaker) => folds.get(speaker) === fold);
  const training = words.filter((_, index) => !held[index]);
  const wordModel = fitWord(training);
  const poorModel = fitBoostedTrees(
    words.flatMap((row, index) =>
      held[index] ? [] : [{ values: row.values, target: poor[index] ? 1 : 0 }],
    ),
    WORD_FEATURES,
    VERIFIER_TREES,
  );
  words.forEach((row, index) => {
    if (!held[index]) return;
    regression[index] = predictBlend(wordModel, row.values);
    classifier[index] = predictTrees(poorModel, row.values);
  });
}

const where = (values: readonly number[], mask: readonly boolean[]): number[] =>
  values.filter((_, index) => mask[index]);
const share = (values: readonly number[], test: (value: number) => boolean): number =>
  values.filter(test).length / Math.max(1, values.length);
const notPoor = poor.map((value) => !value);
/** The share of the masked words the regression calls Bad under an Average bar. */
const calledBad = (mask: readonly boolean[], averageFrom: number): number =>
  share(where(regression, mask), (score) => score < averageFrom);

// The regression's Average bar as the calibration chooses it, on these held-out scores.
const bar = fitLabelBars(regression, words).averageFrom;
const goodCalledBad = calledBad(good, bar);
const poorCaught = calledBad(poor, bar);
// The classifier's bar that calls the same share of good words Bad.
const goodScores = where(classifier, good).sort((a, b) => b - a);
const classifierBar = goodScores[Math.floor(goodCalledBad * goodScores.length)] ?? 1;
const poorCaughtByClassifier = share(where(classifier, poor), (score) => score > classifierBar);

console.log(
  [
    `| Poor words (experts 0–4) against the rest, ${poor.filter(Boolean).length} of ${words.length} words | Regression (word accuracy) | Classifier (poor or not) |`,
    '|---|---|---|',
    `| ROC area | ${rocArea(where(regression, notPoor), where(regression, poor)).toFixed(3)} | ${rocArea(where(classifier, poor), where(classifier, notPoor)).toFixed(3)} |`,
    `| Poor words called Bad, with ${(100 * goodCalledBad).toFixed(1)}% of good words called Bad (the regression's Average bar ${bar}) | ${(100 * poorCaught).toFixed(1)}% | ${(100 * poorCaughtByClassifier).toFixed(1)}% |`,
  ].join('\n'),
);

// Why the Average bar is set by the poor words caught, not by the mean recall over the bands.
console.log(
  [
    '',
    '| Average bar | Mean recall over the bands (best Good bar) | Poor words called Bad | Good words called Bad |',
    '|---|---|---|---|',
    ...Array.from({ length: 15 }, (_, index) => 8 + index / 10).map((averageFrom) => {
      const { balanced } = goodBarAbove(regression, bands, averageFrom);
      return `| ${averageFrom.toFixed(1)} | ${balanced.toFixed(3)} | ${(100 * calledBad(poor, averageFrom)).toFixed(1)}% | ${(100 * calledBad(good, averageFrom)).toFixed(1)}% |`;
    }),
  ].join('\n'),
);
