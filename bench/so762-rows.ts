import { phoneGop } from '../src/engine/evidence/gop.js';
import {
  phoneFeatures,
  readingSupport,
  utteranceContext,
  utteranceFeatures,
  wordFeatures,
} from '../src/engine/evidence/features.js';
import {
  phoneTypical,
  type PhoneNorms,
  type SecondModels,
} from '../src/engine/scoring/models/calibration.js';
import type { HeardWord } from '../src/engine/evidence/speech-analysis.js';
import { renditionFeatures } from '../src/engine/evidence/rendition-evidence.js';
import {
  fitUtteranceModels,
  fitVerifierModel,
  typicalAccuracies,
  typicalGops,
  type CalibrationData,
  type VerificationRow,
} from '../scripts/training/fit-calibration.js';
import type { CaseItem, CorpusItem } from './so762-analyses.js';
import { isRendition } from './so762-cases.js';
import type { LabelWord } from './so762-corpus.js';
import { matchPhones } from './so762-phones.js';

/** Expert phone accuracy for each aligned phone of a heard word, where the two line up. */
function labelledPhones(word: HeardWord, label: LabelWord): Array<number | undefined> {
  const targets = new Array<number | undefined>(word.phones.length).fill(undefined);
  matchPhones(
    word.phones.map((phone) => phone.phone),
    label.phones,
  ).forEach((aligned, index) => {
    if (aligned >= 0) targets[aligned] = label.pa[index];
  });
  return targets;
}

/** Each phone's mean GOP (aligned phones) and mean expert accuracy (expected phones). */
export function corpusPhoneNorms(items: readonly CorpusItem[]): PhoneNorms {
  return {
    typicalGop: typicalGops(
      items.flatMap((item) =>
        item.analysis.heard.flatMap((word) =>
          word.phones.map((phone): [string, number] => [phone.phone, phoneGop(phone)]),
        ),
      ),
    ),
    typicalAccuracy: typicalAccuracies(
      items.flatMap((item) =>
        item.label.words.flatMap((word) =>
          word.phones.map((phone, index): [string, number] => [
            phone.replace(/\d$/u, ''),
            word.pa[index] ?? 0,
          ]),
        ),
      ),
    ),
  };
}

/** For calibrationData: no case's second reading taken, so the verifier is the first model's alone. */
export const FIRST_MODEL_ALONE = (): boolean => false;

/**
 * The verifier's rows: every case, a rendition of the sentence or not, with the second model's
 * evidence where it analysed the case. `heardBySecond` tells the cases whose second reading the
 * engine would take (their audio check trusts it: hearsSecondModel).
 */
export function verificationRows(
  cases: readonly CaseItem[],
  heardBySecond: (item: CaseItem) => boolean,
): VerificationRow[] {
  return cases.map((item) => ({
    values: renditionFeatures(item.analysis),
    target: isRendition(item.case.kind) ? 1 : 0,
    group: item.case.speaker,
    kind: item.case.kind,
    ...(item.second
      ? { second: { values: renditionFeatures(item.second), heard: heardBySecond(item) } }
      : {}),
  }));
}

/** The rows every model of a calibration is fitted on (heardBySecond: verificationRows). */
export function calibrationData(
  items: readonly CorpusItem[],
  cases: readonly CaseItem[],
  norms: PhoneNorms,
  heardBySecond: (item: CaseItem) => boolean,
): CalibrationData {
  const data: CalibrationData = {
    verification: verificationRows(cases, heardBySecond),
    utterances: [],
    words: [],
    phones: [],
  };
  for (const item of items) {
    const { label, analysis } = item;
    const utterance = data.utterances.length;
    const support = readingSupport(analysis);
    data.utterances.push({
      values: { ...utteranceFeatures(analysis), ...support },
      ...label,
      group: item.speaker,
    });
    // The predicted accuracy is filled in by fitCalibration, out of fold.
    const context = utteranceContext(analysis, 0);
    analysis.heard.forEach((word, index) => {
      const expert = label.words[word.slot];
      if (!expert) return;
      const values = wordFeatures(analysis, index, context);
      data.words.push({ values, target: expert.accuracy, utterance });
      const targets = labelledPhones(word, expert);
      word.phones.forEach((phone, phoneIndex) => {
        const target = targets[phoneIndex];
        if (target !== undefined) {
          data.phones.push({
            values: phoneFeatures(phone, word, phoneTypical(norms, phone.phone), values, context),
            target,
            utterance,
          });
        }
      });
    });
  }
  return data;
}

/**
 * The second acoustic model's delivery models (utterance accuracy, fluency, total) and verifier,
 * fitted on its analyses of `items` and the second evidence of `verification`; none where it
 * analysed none (no second model).
 */
export function fitSecondModels(
  items: readonly CorpusItem[],
  verification: readonly VerificationRow[],
): SecondModels | undefined {
  const rows = items.flatMap((item) =>
    item.second
      ? [{ values: utteranceFeatures(item.second), ...item.label, group: item.speaker }]
      : [],
  );
  const secondRows = verification.flatMap((row) =>
    row.second ? [{ values: row.second.values, target: row.target }] : [],
  );
  return rows.length > 0
    ? { ...fitUtteranceModels(rows), verification: { model: fitVerifierModel(secondRows) } }
    : undefined;
}
