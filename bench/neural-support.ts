/**
 * Moonshine's support of the words (evidence/features.ts, readingSupport) as features of the
 * delivery's and the words' models themselves, against those models without it:
 * `npx tsx bench/neural-support.ts` (after `npm run bench:so762` has cached the analyses and
 * the Moonshine readings). The engine stacks a ridge over the accuracy model's estimate and the
 * support instead (ReadingModels, scripts/training/fit-calibration.ts), so that free speech,
 * which Moonshine does not read, keeps its models, and leaves the word scores to the word model
 * (docs/engine.md, step 6); `npm run bench:so762` measures that stack. This probe measures what
 * the support would add to each model. On speechocean762's real readings, the
 * first acoustic model's analyses alone, each model is fitted as the calibration fits it:
 * - utterance accuracy on the accuracy model's features, with the mean and the least support;
 * - the heard words' accuracy on the word model's features (the answer's accuracy from the
 *   utterance model above, held out), with the word's own support.
 * Each is measured by 5 speaker folds over the corpus-train speakers and, fitted on all of them,
 * on the 60 test speakers (the external test).
 */
import {
  TARGET_FEATURES,
  predictBlend,
  targetValues,
} from '../src/engine/scoring/models/calibration.js';
import {
  readingSupport,
  utteranceContext,
  utteranceFeatures,
  WORD_FEATURES,
  wordFeatures,
  wordSupportValue,
  type ReadingSupport,
} from '../src/engine/evidence/features.js';
import { pearson } from '../src/engine/evidence/statistics.js';
import {
  DETAIL_TREES,
  fitBlend,
  RIDGE_LAMBDA,
  UTTERANCE_TREES,
} from '../scripts/training/fit-calibration.js';
import type { TrainingRow } from '../scripts/training/ridge.js';
import { loadCorpus, type CorpusItem } from './so762-analyses.js';
import { exitUnlessCorpus } from './so762-corpus.js';
import { FOLDS, speakerFolds } from './so762-cv.js';
import { testPart, trainPart } from './so762-split.js';

exitUnlessCorpus('the neural support probe');

const corpus = await loadCorpus(console.error, { cachedOnly: true });
const train = trainPart(corpus).items;
const test = testPart(corpus).items;

function supportOf(item: CorpusItem): ReadingSupport {
  const support = readingSupport(item.analysis);
  if (!support) throw new Error(`no Moonshine reading of ${item.case.id}`);
  return support;
}

function utteranceValues(item: CorpusItem, withSupport: boolean): Record<string, number> {
  const values = targetValues('accuracy', utteranceFeatures(item.analysis));
  return withSupport ? { ...values, ...supportOf(item) } : values;
}

/** Each train item's prediction out of fold, and each test item's from a fit on all of them. */
function heldOut<Row extends { item: CorpusItem }>(
  train: readonly Row[],
  test: readonly Row[],
  fitOn: (rows: readonly Row[]) => (row: Row) => number,
): { train: number[]; test: number[] } {
  const folds = speakerFolds(train.map((row) => row.item.speaker));
  const predicted = new Array<number>(train.length).fill(0);
  for (let fold = 0; fold < FOLDS; fold += 1) {
    const model = fitOn(train.filter((row) => folds.get(row.item.speaker) !== fold));
    train.forEach((row, index) => {
      if (folds.get(row.item.speaker) === fold) predicted[index] = model(row);
    });
  }
  return { train: predicted, test: test.map(fitOn(train)) };
}

interface Row extends TrainingRow {
  item: CorpusItem;
}

/** A blended model on `features`, fitted as the calibration fits its kind. */
const blend =
  (features: readonly string[], lambda: number, trees: typeof UTTERANCE_TREES) =>
  (rows: readonly Row[]) => {
    const model = fitBlend(rows, features, lambda, 10, trees);
    return (row: Row) => predictBlend(model, row.values);
  };

/** The heard words of `items` with the experts' word accuracy, each answer's accuracy given. */
function wordRows(items: readonly CorpusItem[], accuracy: readonly number[]): Row[] {
  return items.flatMap((item, itemIndex) => {
    const { analysis } = item;
    const context = utteranceContext(analysis, accuracy[itemIndex]!);
    const support = supportOf(item);
    return analysis.heard.flatMap((word, index) => {
      const expert = item.label.words[word.slot]?.accuracy;
      if (expert === undefined) return [];
      const values = {
        ...wordFeatures(analysis, index, context),
        support: wordSupportValue(analysis, word.slot, support),
      };
      return [{ item, values, target: expert }];
    });
  });
}

const r = (rows: readonly Row[], predicted: readonly number[]): string =>
  pearson(
    predicted,
    rows.map((row) => row.target),
  ).toFixed(3);

const lines = [false, true].map((withSupport) => {
  const utterances = (items: readonly CorpusItem[]): Row[] =>
    items.map((item) => ({
      item,
      values: utteranceValues(item, withSupport),
      target: item.label.accuracy,
    }));
  const [trainUtterances, testUtterances] = [utterances(train), utterances(test)];
  const accuracy = heldOut(
    trainUtterances,
    testUtterances,
    blend(
      withSupport
        ? [...TARGET_FEATURES.accuracy, 'meanSupport', 'leastSupport']
        : TARGET_FEATURES.accuracy,
      RIDGE_LAMBDA.utterance,
      UTTERANCE_TREES,
    ),
  );
  const [trainWords, testWords] = [wordRows(train, accuracy.train), wordRows(test, accuracy.test)];
  const words = heldOut(
    trainWords,
    testWords,
    blend(
      withSupport ? [...WORD_FEATURES, 'support'] : WORD_FEATURES,
      RIDGE_LAMBDA.word,
      DETAIL_TREES,
    ),
  );
  return `| ${withSupport ? 'with the support' : 'without'} | ${r(trainUtterances, accuracy.train)} | ${r(testUtterances, accuracy.test)} | ${r(trainWords, words.train)} | ${r(testWords, words.test)} |`;
});
console.log(`Pearson r with the experts: ${train.length} train readings (5 speaker folds), ${test.length} test readings (fitted on the train speakers); the first acoustic model alone

| Models | Utterance accuracy, CV | … external | Heard words' accuracy, CV | … external |
| --- | --- | --- | --- | --- |
${lines.join('\n')}`);
