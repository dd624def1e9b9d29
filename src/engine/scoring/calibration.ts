import { readFileSync } from 'node:fs';
import { PHONE_FEATURES, UTTERANCE_FEATURES, WORD_FEATURES } from './features.js';
import { fitBoostedTrees, predictTrees, type BoostedTrees } from './boosted-trees.js';
import { predict, type LinearModel } from './linear-model.js';
import { fitRidge, type TrainingRow } from './ridge.js';
import { mean } from './statistics.js';

/** An utterance score: the mean of a ridge regression and a small boosted-tree ensemble. */
export interface UtteranceModel {
  ridge: LinearModel;
  trees: BoostedTrees;
  min: number;
  max: number;
}

export function predictUtterance(model: UtteranceModel, values: Record<string, number>): number {
  const blend = (predict(model.ridge, values) + predictTrees(model.trees, values)) / 2;
  return Math.min(model.max, Math.max(model.min, blend));
}

/** Fitted by scripts/calibrate.ts on speechocean762 train speakers; all targets on the corpus scales. */
export interface Calibration {
  fittedOn: string;
  utterances: number;
  /** Utterance accuracy, fluency and total, 0–10. */
  accuracy: UtteranceModel;
  fluency: UtteranceModel;
  total: UtteranceModel;
  /** Word accuracy, 0–10. */
  word: LinearModel;
  /** Phone accuracy, 0–2. */
  phone: LinearModel;
  /** Mean GOP of each phone on the calibration data. */
  typicalGop: Record<string, number>;
}

export const CALIBRATION_URL = new URL('../../../resources/calibration/speech.json', import.meta.url);

export function loadCalibration(url: URL = CALIBRATION_URL): Calibration {
  return JSON.parse(readFileSync(url, 'utf8')) as Calibration;
}

export interface CalibrationData {
  utterances: Array<{ values: Record<string, number>; accuracy: number; fluency: number; total: number }>;
  words: TrainingRow[];
  phones: TrainingRow[];
}

export const RIDGE_LAMBDA = { utterance: 5, word: 10, phone: 10 } as const;

export function fitCalibration(data: CalibrationData, typicalGop: Record<string, number>, fittedOn: string): Calibration {
  const utterance = (target: 'accuracy' | 'fluency' | 'total'): UtteranceModel => {
    const rows = data.utterances.map((row) => ({ values: row.values, target: row[target] }));
    return {
      ridge: fitRidge(rows, UTTERANCE_FEATURES, RIDGE_LAMBDA.utterance, { min: 0, max: 10 }),
      trees: fitBoostedTrees(rows, UTTERANCE_FEATURES),
      min: 0,
      max: 10,
    };
  };
  return {
    fittedOn,
    utterances: data.utterances.length,
    accuracy: utterance('accuracy'),
    fluency: utterance('fluency'),
    total: utterance('total'),
    word: fitRidge(data.words, WORD_FEATURES, RIDGE_LAMBDA.word, { min: 0, max: 10 }),
    phone: fitRidge(data.phones, PHONE_FEATURES, RIDGE_LAMBDA.phone, { min: 0, max: 2 }),
    typicalGop,
  };
}

/** Mean GOP per phone symbol over (phone, gop) observations. */
export function typicalGops(observations: ReadonlyArray<[string, number]>): Record<string, number> {
  const byPhone = new Map<string, number[]>();
  for (const [phone, gop] of observations) byPhone.set(phone, [...(byPhone.get(phone) ?? []), gop]);
  return Object.fromEntries([...byPhone].map(([phone, gops]) => [phone, mean(gops)]));
}
