/**
 * The external test of issue 19: the shipped calibration's fit on the corpus's train speakers
 * only, scored on its 60 test speakers, next to the nested cross-validation over the train
 * speakers (what the bench would have forecast from the training data alone), and the gap.
 * Then simpler utterance models, each chosen by nested cross-validation only, with the external
 * figure they would have got.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { predictTrees } from '../src/engine/scoring/models/boosted-trees.js';
import { fitBoostedTrees, type BoostOptions } from '../scripts/training/fit-boosted-trees.js';
import { RIDGE_LAMBDA } from '../scripts/training/fit-calibration.js';
import { UTTERANCE_FEATURES, utteranceFeatures } from '../src/engine/evidence/features.js';
import { predict } from '../src/engine/scoring/models/linear-model.js';
import {
  TARGET_FEATURES,
  targetValues,
  type UtteranceTarget,
} from '../src/engine/scoring/models/calibration.js';
import { fitRidge, type TrainingRow } from '../scripts/training/ridge.js';
import { pearson } from '../src/engine/evidence/statistics.js';
import type { SpeechAnalysis } from '../src/engine/evidence/speech-analysis.js';
import { audioChecks, type Corpus, type CorpusItem } from './so762-analyses.js';
import {
  correlation,
  crossValidate,
  emptyValidation,
  caseOutcome,
  checkOf,
  heardSecond,
  FOLDS,
  scoreItem,
  bootstrapCorrelations,
  interval95,
  speakerFolds,
  type AudioCheck,
  type CaseOutcome,
  type CrossValidation,
  type Pairs,
} from './so762-cv.js';
import { externalTestFingerprint } from './fingerprint.js';
import { caseTable } from './so762-case-table.js';
import {
  testPart,
  trainOnlyCalibration,
  trainOnlySecondModels,
  trainPart,
  USERS_CACHE_DIR,
} from './so762-split.js';

/** The figures compared: Pearson r with the experts, and false Missing among words rated 5+. */
export interface Figures {
  accuracy: number;
  word: number;
  phone: number;
  fluency: number;
  overall: number;
  total: number;
  falseMissing: number;
  wordsRatedFivePlus: number;
  utterances: number;
  /** r over speaker resamples (so762-cv.ts bootstrapCorrelations), for the intervals. */
  draws: Record<BootstrappedTarget, number[]>;
  /** What each case built from these speakers got (so762-cases.ts). */
  outcomes: CaseOutcome[];
}

type BootstrappedTarget = 'accuracy' | 'fluency' | 'total';

function figuresOf(result: CrossValidation, utterances: number): Figures {
  const rated = result.word.expert.filter((accuracy) => accuracy >= 5).length;
  return {
    accuracy: correlation(result.accuracy),
    word: correlation(result.word),
    phone: correlation(result.phone),
    fluency: correlation(result.fluency),
    overall: correlation(result.overall),
    total: correlation(result.total),
    falseMissing: result.missingExpert.filter((accuracy) => accuracy >= 5).length,
    wordsRatedFivePlus: rated,
    utterances,
    draws: {
      accuracy: bootstrapCorrelations(result.accuracy),
      fluency: bootstrapCorrelations(result.fluency),
      total: bootstrapCorrelations(result.total),
    },
    outcomes: result.outcomes,
  };
}

function cached<T>(name: string, compute: () => Promise<T>): Promise<T> {
  const file = join(USERS_CACHE_DIR, `${name}-${externalTestFingerprint()}.json`);
  if (existsSync(file)) return Promise.resolve(JSON.parse(readFileSync(file, 'utf8')) as T);
  return compute().then((value) => {
    mkdirSync(USERS_CACHE_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(value));
    return value;
  });
}

export interface ExternalTest {
  /** Nested, speaker-grouped cross-validation over the train speakers only. */
  crossValidated: Figures;
  /** Fitted on the train speakers, scored on the 60 test speakers. */
  external: Figures;
  variants: VariantFigures[];
}

export async function externalTest(
  corpus: Corpus,
  log: (line: string) => void,
): Promise<ExternalTest> {
  const train = trainPart(corpus);
  const test = testPart(corpus);
  let checks: Promise<Map<string, AudioCheck>> | undefined;
  const audio = (): Promise<Map<string, AudioCheck>> => (checks ??= audioChecks(corpus.cases));
  const external = await cached('external', async () => {
    log('external: fitting on the train speakers, scoring the test speakers');
    const calibration = await trainOnlyCalibration(corpus);
    const second = trainOnlySecondModels(corpus);
    const result = emptyValidation();
    const found = await audio();
    for (const item of test.items)
      scoreItem(item, calibration, checkOf(found, item), result, undefined, second);
    for (const item of test.cases)
      result.outcomes.push(caseOutcome(item, calibration, checkOf(found, item), second));
    return figuresOf(result, test.items.length);
  });
  const crossValidated = await cached('train-cv', async () => {
    log('external: nested cross-validation over the train speakers');
    return figuresOf(crossValidate(train.items, train.cases, await audio()), train.items.length);
  });
  // The variants read only the real readings: their checks alone, where the cases' are not at hand.
  const found = await (checks ?? audioChecks(corpus.items));
  const heard = (item: CorpusItem): SpeechAnalysis | undefined =>
    heardSecond(item, found.get(item.id)?.cautions ?? []);
  return {
    crossValidated,
    external,
    variants: utteranceVariants(train.items, test.items, heard),
  };
}

/**
 * An utterance model: ridge, trees or their mean, on a set of features; with `bothModels`, the
 * mean of that model on each acoustic model's analysis (the second's where it is heard).
 */
interface Variant {
  name: string;
  /** Its features; `shipped`: each target's as the calibration fits them (TARGET_FEATURES). */
  features: readonly string[] | 'shipped';
  ridge: number | null;
  trees: BoostOptions | null;
  bothModels?: boolean;
}

const GOP_FEATURES = ['meanGop', 'lowGop10', 'lowGopShare', 'minWordGop', 'meanLogPosterior'];
/** Close to the plain fifteen of the corpus README's floor: GOP statistics, rates, pauses, lengths. */
const PLAIN_FEATURES = [
  ...GOP_FEATURES,
  'gopSpread',
  'speechRate',
  'articulationRate',
  'pauseCount',
  'longestPause',
  'durationSpread',
  'logSpan',
];
/**
 * The shipped features without those of timing (pauses, rates, the span, hesitations): how
 * much of the pronunciation estimate comes from how the answer was timed rather than sounded.
 * With them, a learner's pause lowers pronunciation as well as fluency.
 */
const SOUND_FEATURES = UTTERANCE_FEATURES.filter(
  (name) => !/Rate|pause|Pause|noise|Span/u.test(name),
);
const SHIPPED_TREES: BoostOptions = { rounds: 100, rate: 0.05, depth: 2, minLeaf: 15 };

export const VARIANTS: Variant[] = [
  {
    name: 'shipped: ridge λ5 + 100 trees depth 2, the shipped features (accuracy: 15, none of the pauses), mean over both acoustic models',
    features: 'shipped',
    ridge: RIDGE_LAMBDA.utterance,
    trees: SHIPPED_TREES,
    bothModels: true,
  },
  {
    name: 'the first acoustic model alone: ridge λ5 + 100 trees depth 2, the shipped features',
    features: 'shipped',
    ridge: RIDGE_LAMBDA.utterance,
    trees: SHIPPED_TREES,
  },
  {
    name: `as shipped, on the ${SOUND_FEATURES.length} features of how it sounded (no pauses, rates or span)`,
    features: SOUND_FEATURES,
    ridge: RIDGE_LAMBDA.utterance,
    trees: SHIPPED_TREES,
    bothModels: true,
  },
  { name: 'ridge λ5, 18 features', features: UTTERANCE_FEATURES, ridge: 5, trees: null },
  { name: 'ridge λ30, 18 features', features: UTTERANCE_FEATURES, ridge: 30, trees: null },
  { name: 'ridge λ100, 18 features', features: UTTERANCE_FEATURES, ridge: 100, trees: null },
  {
    name: '100 trees depth 2 only, 18 features',
    features: UTTERANCE_FEATURES,
    ridge: null,
    trees: SHIPPED_TREES,
  },
  {
    name: 'ridge λ5 + 30 trees depth 1, 18 features',
    features: UTTERANCE_FEATURES,
    ridge: 5,
    trees: { rounds: 30, rate: 0.05, depth: 1, minLeaf: 30 },
  },
  { name: 'ridge λ5, 12 plain features', features: PLAIN_FEATURES, ridge: 5, trees: null },
  { name: 'ridge λ30, 12 plain features', features: PLAIN_FEATURES, ridge: 30, trees: null },
  {
    name: 'ridge λ5 + 100 trees depth 2, 12 plain features',
    features: PLAIN_FEATURES,
    ridge: 5,
    trees: SHIPPED_TREES,
  },
  { name: 'ridge λ5, 5 GOP features', features: GOP_FEATURES, ridge: 5, trees: null },
];

export type Target = UtteranceTarget;
export const TARGETS: Target[] = ['accuracy', 'fluency', 'total'];

export interface VariantFigures {
  name: string;
  target: Target;
  crossValidated: number;
  external: number;
  /**
   * 95% intervals of this model's r minus the shipped model's, on the same speaker resamples
   * (paired, so the speakers' own spread cancels): whether a difference is the models' or the
   * sample's.
   */
  crossValidatedVsShipped: [number, number] | null;
  externalVsShipped: [number, number] | null;
}

/** An analysis's features as the variant's model of `target` reads them. */
function variantValues(
  variant: Variant,
  target: Target,
  analysis: SpeechAnalysis,
): Record<string, number> {
  const values = utteranceFeatures(analysis);
  return variant.features === 'shipped' ? targetValues(target, values) : values;
}

function fitVariant(
  variant: Variant,
  target: Target,
  rows: readonly TrainingRow[],
): (values: Record<string, number>) => number {
  const features = variant.features === 'shipped' ? TARGET_FEATURES[target] : variant.features;
  const ridge =
    variant.ridge === null ? null : fitRidge(rows, features, variant.ridge, { min: 0, max: 10 });
  const trees = variant.trees === null ? null : fitBoostedTrees(rows, features, variant.trees);
  return (values) => {
    const parts = [
      ridge ? predict(ridge, values) : null,
      trees ? predictTrees(trees, values) : null,
    ].filter((value): value is number => value !== null);
    return Math.min(10, Math.max(0, parts.reduce((a, b) => a + b, 0) / parts.length));
  };
}

export type Reading = (item: CorpusItem) => SpeechAnalysis | undefined;

function rowsOf(
  variant: Variant,
  items: readonly CorpusItem[],
  target: Target,
  reading: Reading,
): TrainingRow[] {
  return items.flatMap((item) => {
    const analysis = reading(item);
    return analysis
      ? [{ values: variantValues(variant, target, analysis), target: item.label[target] }]
      : [];
  });
}

/** The variant fitted on `items`, as a prediction for any reading. */
function variantModel(
  variant: Variant,
  items: readonly CorpusItem[],
  target: Target,
  heard: Reading,
): (item: CorpusItem) => number {
  const first = fitVariant(
    variant,
    target,
    rowsOf(variant, items, target, (item) => item.analysis),
  );
  const alone = (item: CorpusItem): number => first(variantValues(variant, target, item.analysis));
  if (!variant.bothModels) return alone;
  const second = fitVariant(variant, target, rowsOf(variant, items, target, heard));
  return (item) => {
    const other = heard(item);
    return other ? (alone(item) + second(variantValues(variant, target, other))) / 2 : alone(item);
  };
}

interface VariantPairs {
  crossValidated: Pairs;
  external: Pairs;
}

export function variantPairs(
  variant: Variant,
  target: Target,
  train: readonly CorpusItem[],
  test: readonly CorpusItem[],
  heard: Reading,
): VariantPairs {
  const folds = speakerFolds(train.map((item) => item.speaker));
  const predicted = new Array<number>(train.length).fill(0);
  for (let fold = 0; fold < FOLDS; fold += 1) {
    const inFold = (item: CorpusItem): boolean => folds.get(item.speaker) === fold;
    const model = variantModel(
      variant,
      train.filter((item) => !inFold(item)),
      target,
      heard,
    );
    train.forEach((item, index) => {
      if (inFold(item)) predicted[index] = model(item);
    });
  }
  const model = variantModel(variant, train, target, heard);
  return {
    crossValidated: {
      predicted,
      expert: train.map((item) => item.label[target]),
      speakers: train.map((item) => item.speaker),
    },
    external: {
      predicted: test.map(model),
      expert: test.map((item) => item.label[target]),
      speakers: test.map((item) => item.speaker),
    },
  };
}

/**
 * 95% interval of r(pairs) − r(shipped) over the same speaker resamples: both lists hold the
 * same speakers in the same order, and bootstrapCorrelations draws from a fixed seed.
 */
function pairedDifference(pairs: Pairs, shippedDraws: readonly number[]): [number, number] {
  return interval95(bootstrapCorrelations(pairs).map((draw, index) => draw - shippedDraws[index]!));
}

const r = (pairs: Pairs): number => pearson(pairs.predicted, pairs.expert);

/**
 * Each variant's CV r on the train speakers (5 speaker folds), its external r, and both
 * against the shipped model's.
 */
function utteranceVariants(
  train: readonly CorpusItem[],
  test: readonly CorpusItem[],
  heard: Reading,
): VariantFigures[] {
  return TARGETS.flatMap((target) => {
    const pairs = VARIANTS.map((variant) => variantPairs(variant, target, train, test, heard));
    const shipped = {
      crossValidated: bootstrapCorrelations(pairs[0]!.crossValidated),
      external: bootstrapCorrelations(pairs[0]!.external),
    };
    return VARIANTS.map((variant, index) => {
      const own = pairs[index]!;
      return {
        name: variant.name,
        target,
        crossValidated: r(own.crossValidated),
        external: r(own.external),
        crossValidatedVsShipped:
          index === 0 ? null : pairedDifference(own.crossValidated, shipped.crossValidated),
        externalVsShipped: index === 0 ? null : pairedDifference(own.external, shipped.external),
      };
    });
  });
}

function fmt(value: number): string {
  return value.toFixed(3);
}

function span(interval: [number, number] | null): string {
  return interval ? `${fmt(interval[0])} – ${fmt(interval[1])}` : '—';
}

export function externalSection(result: ExternalTest): string[] {
  const { crossValidated: cv, external: ex } = result;
  const within = (draws: readonly number[]): string => {
    const [low, high] = interval95(draws);
    return ` (${fmt(low)} – ${fmt(high)})`;
  };
  const row = (
    name: string,
    pick: (f: Figures) => number,
    goal: string,
    target?: BootstrappedTarget,
  ): string => {
    const [cvIn, exIn, gapIn] = target
      ? [
          within(cv.draws[target]),
          within(ex.draws[target]),
          within(cv.draws[target].map((draw, index) => draw - ex.draws[target][index]!)),
        ]
      : ['', '', ''];
    return `| ${name} | ${fmt(pick(cv))}${cvIn} | ${fmt(pick(ex))}${exIn} | ${fmt(pick(cv) - pick(ex))}${gapIn} | ${goal} |`;
  };
  const share = (f: Figures): string =>
    `${f.falseMissing} of ${f.wordsRatedFivePlus} (${((100 * f.falseMissing) / Math.max(1, f.wordsRatedFivePlus)).toFixed(2)}%)`;
  const chosen = TARGETS.map((target) => {
    const rows = result.variants.filter((variant) => variant.target === target);
    const best = rows.reduce((a, b) => (b.crossValidated > a.crossValidated ? b : a));
    return `- ${target}: chosen by nested CV → ${best.name}: CV ${fmt(best.crossValidated)}, external ${fmt(best.external)} (best external among them: ${fmt(Math.max(...rows.map((r) => r.external)))}).`;
  });
  return [
    '## External test: fitted on the corpus-train speakers, scored on the 60 corpus-test speakers',
    '',
    `Train: ${cv.utterances} utterances (every speaker of ../shared/so762 outside the corpus's test list) and the negative cases built from them; test: ${ex.utterances} utterances of 60 speakers, untouched by any fit or choice. Cross-validation: ${FOLDS} outer speaker folds over the train speakers, every calibration choice on inner folds (bench/so762-cv.ts).`,
    '',
    '| Pearson r with the experts | Nested CV (train speakers) | External (test speakers) | Gap (CV − external) | Goal (external) |',
    '|---|---|---|---|---|',
    row('Utterance accuracy → pronunciation', (f) => f.accuracy, '≥ 0.65; gap ≤ 0.03', 'accuracy'),
    row('Word accuracy (all words; Missing = 0)', (f) => f.word, '≥ 0.40'),
    row('Phone accuracy (all phones; unheard = 0)', (f) => f.phone, '≥ 0.40'),
    row('Fluency', (f) => f.fluency, '', 'fluency'),
    row('`overall` as a client receives it vs expert total', (f) => f.overall, ''),
    row('Total model vs expert total', (f) => f.total, '', 'total'),
    `| False Missing (words the experts rated 5+) | ${share(cv)} | ${share(ex)} | | ≤ 0.5% |`,
    '',
    `In brackets: 95% intervals over ${cv.draws.accuracy.length} resamples of the speakers with replacement (bench/so762-cv.ts), the gap's from independent resamples of the two groups. Sixty test speakers measure r only to about ±0.1.`,
    '',
    '### What each kind of case built from the 60 test speakers gets (fitted on the train speakers; scale 5, precision 0.1)',
    '',
    ...caseTable(ex.outcomes),
    '',
    '### Simpler utterance models (chosen by nested CV only; the external figure is what it would have got)',
    '',
    '| Model | Target | Nested CV r (train) | External r (test) | Gap | CV r − shipped (paired 95%) | External r − shipped (paired 95%) |',
    '|---|---|---|---|---|---|---|',
    ...result.variants.map(
      (variant) =>
        `| ${variant.name} | ${variant.target} | ${fmt(variant.crossValidated)} | ${fmt(variant.external)} | ${fmt(variant.crossValidated - variant.external)} | ${span(variant.crossValidatedVsShipped)} | ${span(variant.externalVsShipped)} |`,
    ),
    '',
    'The paired intervals resample the speakers once for both models, so what the two share cancels: an interval that holds 0 is a difference the sample cannot tell from none.',
    '',
    ...chosen,
  ];
}
