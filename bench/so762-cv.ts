import {
  fitCalibration,
  predictBlend,
  type Calibration,
} from '../src/engine/scoring/calibration.js';
import { phoneFeatures, utteranceFeatures, wordFeatures } from '../src/engine/scoring/features.js';
import { pearson } from '../src/engine/scoring/statistics.js';
import type { CorpusItem } from './so762-corpus.js';
import { matchPhones } from './so762-phones.js';
import { calibrationData, corpusTypicalGop } from './so762-rows.js';

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
    accuracy: emptyPairs(),
    fluency: emptyPairs(),
    total: emptyPairs(),
  };
  for (let fold = 0; fold < FOLDS; fold += 1) {
    const train = items.filter((item) => folds.get(item.speaker) !== fold);
    const typical = corpusTypicalGop(train);
    const calibration = fitCalibration(calibrationData(train, typical), typical, `fold ${fold}`);
    for (const item of items.filter((entry) => folds.get(entry.speaker) === fold))
      score(item, calibration, result);
  }
  return result;
}

function push(pairs: Pairs, predicted: number, expert: number): void {
  pairs.predicted.push(predicted);
  pairs.expert.push(expert);
}

function score(item: CorpusItem, calibration: Calibration, result: CrossValidation): void {
  const { analysis, label } = item;
  const features = utteranceFeatures(analysis);
  push(result.accuracy, predictBlend(calibration.accuracy, features), label.accuracy);
  push(result.fluency, predictBlend(calibration.fluency, features), label.fluency);
  push(result.total, predictBlend(calibration.total, features), label.total);
  label.words.forEach((expert, slot) => {
    const word = analysis.heard.find((heard) => heard.slot === slot);
    const wordScore = word ? predictBlend(calibration.word, wordFeatures(word)) : 0;
    push(result.word, wordScore, expert.accuracy);
    if (word) push(result.wordHeard, wordScore, expert.accuracy);
    const phoneScores = (word?.phones ?? []).map((phone) =>
      predictBlend(
        calibration.phone,
        phoneFeatures(phone, word!, calibration.typicalGop[phone.phone] ?? 0),
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
