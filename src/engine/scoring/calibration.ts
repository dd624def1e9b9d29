import committedCalibration from '../../../resources/calibration/speech.json' with { type: 'json' };
import { PHONE_FEATURES, UTTERANCE_FEATURES, WORD_FEATURES } from './features.js';
import {
  fitBoostedTrees,
  predictTrees,
  type BoostedTrees,
  type BoostOptions,
} from './boosted-trees.js';
import { predict, type LinearModel } from './linear-model.js';
import { fitRidge, type TrainingRow } from './ridge.js';
import { mean } from './statistics.js';

/** A score model: the mean of a ridge regression and a small boosted-tree ensemble. */
export interface BlendedModel {
  ridge: LinearModel;
  trees: BoostedTrees;
  min: number;
  max: number;
}

export function predictBlend(model: BlendedModel, values: Record<string, number>): number {
  const blend = (predict(model.ridge, values) + predictTrees(model.trees, values)) / 2;
  return Math.min(model.max, Math.max(model.min, blend));
}

/** Fitted by scripts/calibrate.ts on speechocean762 train speakers; all targets on the corpus scales. */
export interface Calibration {
  fittedOn: string;
  utterances: number;
  /** Utterance accuracy, fluency and total, 0–10. */
  accuracy: BlendedModel;
  fluency: BlendedModel;
  total: BlendedModel;
  /** Word accuracy, 0–10. */
  word: BlendedModel;
  /** Phone accuracy, 0–2. */
  phone: BlendedModel;
  /** Mean GOP of each phone on the calibration data. */
  typicalGop: Record<string, number>;
}

/** Where scripts/calibrate.ts writes the fitted models. */
export const CALIBRATION_URL = new URL(
  '../../../resources/calibration/speech.json',
  import.meta.url,
);

/** The committed models, imported so that the bundler ships them inside the built engine. */
export function loadCalibration(): Calibration {
  return committedCalibration as unknown as Calibration;
}

export interface CalibrationData {
  utterances: Array<{
    values: Record<string, number>;
    accuracy: number;
    fluency: number;
    total: number;
  }>;
  words: TrainingRow[];
  phones: TrainingRow[];
}

export const RIDGE_LAMBDA = { utterance: 5, word: 10, phone: 10 } as const;
/** Utterances are few (hundreds); words and phones are thousands, so their trees go deeper. */
const UTTERANCE_TREES: BoostOptions = { rounds: 100, rate: 0.05, depth: 2, minLeaf: 15 };
const DETAIL_TREES: BoostOptions = { rounds: 100, rate: 0.05, depth: 3, minLeaf: 30 };

function fitBlend(
  rows: readonly TrainingRow[],
  features: readonly string[],
  lambda: number,
  max: number,
  trees: BoostOptions,
): BlendedModel {
  return {
    ridge: fitRidge(rows, features, lambda, { min: 0, max }),
    trees: fitBoostedTrees(rows, features, trees),
    min: 0,
    max,
  };
}

export function fitCalibration(
  data: CalibrationData,
  typicalGop: Record<string, number>,
  fittedOn: string,
): Calibration {
  const utterance = (target: 'accuracy' | 'fluency' | 'total'): BlendedModel =>
    fitBlend(
      data.utterances.map((row) => ({ values: row.values, target: row[target] })),
      UTTERANCE_FEATURES,
      RIDGE_LAMBDA.utterance,
      10,
      UTTERANCE_TREES,
    );
  return {
    fittedOn,
    utterances: data.utterances.length,
    accuracy: utterance('accuracy'),
    fluency: utterance('fluency'),
    total: utterance('total'),
    word: fitBlend(data.words, WORD_FEATURES, RIDGE_LAMBDA.word, 10, DETAIL_TREES),
    phone: fitBlend(data.phones, PHONE_FEATURES, RIDGE_LAMBDA.phone, 2, DETAIL_TREES),
    typicalGop,
  };
}

/** Mean GOP per phone symbol over (phone, gop) observations. */
export function typicalGops(observations: ReadonlyArray<[string, number]>): Record<string, number> {
  const byPhone = new Map<string, number[]>();
  for (const [phone, gop] of observations) byPhone.set(phone, [...(byPhone.get(phone) ?? []), gop]);
  return Object.fromEntries([...byPhone].map(([phone, gops]) => [phone, mean(gops)]));
}
