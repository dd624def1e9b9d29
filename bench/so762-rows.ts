import {
  phoneFeatures,
  phoneGop,
  utteranceFeatures,
  wordFeatures,
} from '../src/engine/scoring/features.js';
import type { CalibrationData } from '../src/engine/scoring/calibration.js';
import { typicalGops } from '../src/engine/scoring/calibration.js';
import type { HeardWord } from '../src/engine/speech/analysis.js';
import type { CorpusItem, LabelWord } from './so762-corpus.js';
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

export function corpusTypicalGop(items: readonly CorpusItem[]): Record<string, number> {
  return typicalGops(
    items.flatMap((item) =>
      item.analysis.heard.flatMap((word) =>
        word.phones.map((phone): [string, number] => [phone.phone, phoneGop(phone)]),
      ),
    ),
  );
}

export function calibrationData(
  items: readonly CorpusItem[],
  typicalGop: Record<string, number>,
): CalibrationData {
  const data: CalibrationData = { utterances: [], words: [], phones: [] };
  for (const item of items) {
    const { label, analysis } = item;
    data.utterances.push({ values: utteranceFeatures(analysis), ...label });
    for (const word of analysis.heard) {
      const expert = label.words[word.slot];
      if (!expert) continue;
      data.words.push({ values: wordFeatures(word), target: expert.accuracy });
      const targets = labelledPhones(word, expert);
      word.phones.forEach((phone, index) => {
        const target = targets[index];
        if (target !== undefined) {
          data.phones.push({
            values: phoneFeatures(phone, word, typicalGop[phone.phone] ?? 0),
            target,
          });
        }
      });
    }
  }
  return data;
}
