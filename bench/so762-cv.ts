import {
  answerContext,
  fitCalibration,
  phoneTypical,
  predictBlend,
  type Calibration,
} from '../src/engine/scoring/calibration.js';
import { phoneFeatures, utteranceFeatures, wordFeatures } from '../src/engine/scoring/features.js';
import { mean, pearson } from '../src/engine/scoring/statistics.js';
import type { CorpusItem } from './so762-corpus.js';
import { matchPhones } from './so762-phones.js';
import { calibrationData, corpusPhoneNorms } from './so762-rows.js';

export const FOLDS = 5;

export interface Pairs {
  predicted: number[];
  expert: number[];
}

export interface CrossValidation {
  phone: Pairs;
  phoneHeard: Pairs;
  word: Pairs;
  wordHeard: Pairs;
  /**
   * Diagnostic, not what the API returns (a Missing word scores 0 there): every word, a Missing
   * one scored with the training speakers' mean expert accuracy of Missing words.
   */
  wordMissingAtMean: Pairs;
  /** Expert accuracy of each word the engine did not hear. */
  missingExpert: number[];
  accuracy: Pairs;
  fluency: Pairs;
  total: Pairs;
}

const emptyPairs = (): Pairs => ({ predicted: [], expert: [] });

export function speakerFolds(items: readonly CorpusItem[]): Map<string, number> {
  const speakers = [...new Set(items.map((item) => item.speaker))].sort();
  return new Map(speakers.map((speaker, index) => [speaker, index % FOLDS]));
}

/** Every utterance is scored by models fitted on the other folds' speakers only. */
export function crossValidate(items: readonly CorpusItem[]): CrossValidation {
  const folds = speakerFolds(items);
  const result: CrossValidation = {
    phone: emptyPairs(),
    phoneHeard: emptyPairs(),
    word: emptyPairs(),
    wordHeard: emptyPairs(),
    wordMissingAtMean: emptyPairs(),
    missingExpert: [],
    accuracy: emptyPairs(),
    fluency: emptyPairs(),
    total: emptyPairs(),
  };
  for (let fold = 0; fold < FOLDS; fold += 1) {
    const train = items.filter((item) => folds.get(item.speaker) !== fold);
    const norms = corpusPhoneNorms(train);
    const calibration = fitCalibration(calibrationData(train, norms), norms, `fold ${fold}`);
    const missingMean = mean(train.flatMap(missingWordAccuracies));
    for (const item of items.filter((entry) => folds.get(entry.speaker) === fold))
      score(item, calibration, missingMean, result);
  }
  return result;
}

function missingWordAccuracies(item: CorpusItem): number[] {
  const heard = new Set(item.analysis.heard.map((word) => word.slot));
  return item.label.words.flatMap((word, slot) => (heard.has(slot) ? [] : [word.accuracy]));
}

function push(pairs: Pairs, predicted: number, expert: number): void {
  pairs.predicted.push(predicted);
  pairs.expert.push(expert);
}

function score(
  item: CorpusItem,
  calibration: Calibration,
  missingMean: number,
  result: CrossValidation,
): void {
  const { analysis, label } = item;
  const features = utteranceFeatures(analysis);
  push(result.accuracy, predictBlend(calibration.accuracy, features), label.accuracy);
  push(result.fluency, predictBlend(calibration.fluency, features), label.fluency);
  push(result.total, predictBlend(calibration.total, features), label.total);
  const context = answerContext(analysis, calibration);
  label.words.forEach((expert, slot) => {
    const index = analysis.heard.findIndex((heard) => heard.slot === slot);
    const word = analysis.heard[index];
    const wordValues = word ? wordFeatures(analysis, index, context) : null;
    const wordScore = wordValues ? predictBlend(calibration.word, wordValues) : 0;
    push(result.word, wordScore, expert.accuracy);
    if (word) push(result.wordHeard, wordScore, expert.accuracy);
    else result.missingExpert.push(expert.accuracy);
    push(result.wordMissingAtMean, word ? wordScore : missingMean, expert.accuracy);
    const phoneScores = (word?.phones ?? []).map((phone) =>
      predictBlend(
        calibration.phone,
        phoneFeatures(phone, word!, phoneTypical(calibration, phone.phone), wordValues!, context),
      ),
    );
    const match = word
      ? matchPhones(
          word.phones.map((phone) => phone.phone),
          expert.phones,
        )
      : [];
    const wordMean =
      phoneScores.reduce((sum, value) => sum + value, 0) / Math.max(1, phoneScores.length);
    expert.pa.forEach((pa, index) => {
      // An expected phone the aligner has no counterpart for gets the word's mean phone score.
      const phoneScore = word ? (phoneScores[match[index] ?? -1] ?? wordMean) : 0;
      push(result.phone, phoneScore, pa);
      if (word) push(result.phoneHeard, phoneScore, pa);
    });
  });
}

export function correlation(pairs: Pairs): number {
  return pearson(pairs.predicted, pairs.expert);
}
