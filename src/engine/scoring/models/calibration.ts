import calibration16k from '../../../../resources/calibration/en-us-16k.json' with { type: 'json' };
import calibration8k from '../../../../resources/calibration/en-us-8k.json' with { type: 'json' };
import type { ModelName } from '../../recognizer/models.js';
import {
  ACCURACY_FEATURES,
  readingSupport,
  UTTERANCE_FEATURES,
  utteranceContext,
  utteranceFeatures,
  withoutPauses,
  withoutUnsaid,
  type PhoneTypical,
  type UtteranceContext,
  type UtteranceFeatures,
} from '../../evidence/features.js';
import type { SpeechAnalysis } from '../../evidence/speech-analysis.js';
import { mean } from '../../evidence/statistics.js';
import { predictTrees, type BoostedTrees } from './boosted-trees.js';
import { predict, type LinearModel } from './linear-model.js';

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

export type UtteranceTarget = keyof UtteranceModels;

/** The features each utterance model is fitted on (ACCURACY_FEATURES: no pauses). */
export const TARGET_FEATURES: Record<UtteranceTarget, readonly string[]> = {
  accuracy: ACCURACY_FEATURES,
  fluency: UTTERANCE_FEATURES,
  total: UTTERANCE_FEATURES,
};

/** An answer's features as the model of `target` reads them: accuracy's without the pauses. */
export function targetValues<Features extends Partial<UtteranceFeatures>>(
  target: UtteranceTarget,
  features: Features,
): Features {
  return target === 'accuracy' ? withoutPauses(features) : features;
}

/** The utterance model of `target`'s estimate (0–10) from an answer's features. */
export function predictUtterance(
  models: UtteranceModels,
  target: UtteranceTarget,
  features: UtteranceFeatures,
): number {
  return predictBlend(models[target], targetValues(target, features));
}

/**
 * The context the word and phone models get: the answer's accuracy as its model predicts it
 * (without the inner pauses), and its mean GOPs. The words left unsaid count in it only where the
 * verdict doubts the answer is the text: in an answer taken for the text they would mark down the
 * words said well, and in one in doubt the low context keeps a chance match from showing Good.
 */
export function answerContext(
  analysis: SpeechAnalysis,
  calibration: Calibration,
  doubtful = false,
): UtteranceContext {
  const features = utteranceFeatures(analysis);
  return utteranceContext(
    analysis,
    predictUtterance(calibration, 'accuracy', doubtful ? features : withoutUnsaid(features)),
  );
}

/**
 * The runtime models, fitted by scripts/calibrate.ts (scripts/training/) on speechocean762;
 * all targets on the corpus scales. The engine only loads and predicts.
 */
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
  /** Mean expert accuracy (0–2) of each phone on the calibration data, shrunk to the overall mean. */
  typicalAccuracy: Record<string, number>;
  /** Is the answer the expected text at all: a model of the evidence, and the bar it must pass. */
  verification: Verifier;
  /** Word labels: bars on the word model's score (0–10) for Average and Good. */
  labels: LabelBars;
  /** Repeat Sentence's estimates refined by Moonshine's reading of the answer. */
  reading?: ReadingModels;
}

/**
 * Repeat Sentence's utterance accuracy (0–10), refined by Moonshine's support of the reference's
 * words (evidence/features.ts, readingSupport): a ridge over the acoustic models' estimate
 * (`predicted`) and the support. Fitted on the held-out estimates of the calibration's own inner
 * folds (fit-calibration.ts, fitReadingModels). A stack rather than new features of the models
 * themselves, so that free speech, which Moonshine does not read, keeps the models as they are.
 * Words keep the word model: Moonshine, read the reference, supports a word said as a nonsense
 * word ("prozhooked" for "project") as well as the word said right, and the stack lifted it.
 */
export interface ReadingModels {
  /** Reads `predicted`, `meanSupport`, `leastSupport`. */
  accuracy: LinearModel;
}

/** Utterance accuracy (0–10) refined by Moonshine's reading, where there is one to refine by. */
export function readingAccuracy(
  calibration: Pick<Calibration, 'reading'>,
  analysis: SpeechAnalysis,
  predicted: number,
): number {
  const support = readingSupport(analysis);
  if (!calibration.reading || !support) return predicted;
  return predict(calibration.reading.accuracy, { predicted, ...support });
}

/** The models of an answer's delivery: utterance accuracy, fluency and total. */
export type UtteranceModels = Pick<Calibration, 'accuracy' | 'fluency' | 'total'>;

/**
 * Bars on a verifier's score. Below `rejectBelow` the answer is not the text; below
 * `doubtBelow` it may not be, and is marked for the examiner to listen to.
 */
export interface VerdictBars {
  rejectBelow: number;
  doubtBelow: number;
}

/**
 * Is the answer the expected text: a classifier of the evidence (boosted trees on 0/1, read as
 * a score from 0 to 1) and the bars on its score.
 */
export interface Verifier extends VerdictBars {
  model: BoostedTrees;
  /**
   * Bars on the mean of this score and the second acoustic model's verifier's score on its own
   * reading (scoring/verdict.ts), where a Repeat Sentence answer has that reading; set like
   * the model's own bars, on held-out readings (scripts/training/fit-calibration.ts).
   */
  bothModels?: VerdictBars;
}

/** What the second acoustic model's own calibration lends: its delivery models and its verifier. */
export type SecondModels = UtteranceModels & { verification: Pick<Verifier, 'model'> };

export interface LabelBars {
  averageFrom: number;
  goodFrom: number;
}

export type PhoneNorms = Pick<Calibration, 'typicalGop' | 'typicalAccuracy'>;

/** A phone symbol's norms; a symbol the calibration data lacks gets 0 GOP and the mean accuracy. */
export function phoneTypical(norms: PhoneNorms, symbol: string): PhoneTypical {
  return {
    gop: norms.typicalGop[symbol] ?? 0,
    accuracy: norms.typicalAccuracy[symbol] ?? mean(Object.values(norms.typicalAccuracy)),
  };
}

/**
 * The committed models of each acoustic model (a calibration reads one model's scores and is
 * wrong for another's), imported so that the bundler ships them inside the built engine.
 */
const COMMITTED: Record<ModelName, unknown> = {
  'en-us-8k': calibration8k,
  'en-us-16k': calibration16k,
};

export function loadCalibration(model: ModelName): Calibration {
  return COMMITTED[model] as Calibration;
}
