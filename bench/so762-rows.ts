import { phoneFeatures, phoneGop, utteranceFeatures, wordFeatures } from '../src/engine/scoring/features.js';
import type { CalibrationData } from '../src/engine/scoring/calibration.js';
import { typicalGops } from '../src/engine/scoring/calibration.js';
import type { HeardWord } from '../src/engine/speech/analysis.js';
import type { CorpusItem, LabelWord } from './so762-corpus.js';

const stripStress = (phone: string): string => phone.replace(/\d$/u, '');

/** The expert's word for each heard word (slots index the label's words) when phones line up. */
function labelledPhones(word: HeardWord, label: LabelWord | undefined): number[] | null {
  if (!label || label.phones.length !== word.phones.length) return null;
  const same = word.phones.every((phone, index) => phone.phone === stripStress(label.phones[index] ?? ''));
  return same ? label.pa : null;
}

export function corpusTypicalGop(items: readonly CorpusItem[]): Record<string, number> {
  return typicalGops(
    items.flatMap((item) =>
      item.analysis.heard.flatMap((word) => word.phones.map((phone): [string, number] => [phone.phone, phoneGop(phone)])),
    ),
  );
}

export function calibrationData(items: readonly CorpusItem[], typicalGop: Record<string, number>): CalibrationData {
  const data: CalibrationData = { utterances: [], words: [], phones: [] };
  for (const item of items) {
    const { label, analysis } = item;
    data.utterances.push({ values: utteranceFeatures(analysis), ...label });
    for (const word of analysis.heard) {
      const expert = label.words[word.slot];
      if (!expert) continue;
      data.words.push({ values: wordFeatures(word), target: expert.accuracy });
      const pa = labelledPhones(word, expert);
      word.phones.forEach((phone, index) => {
        if (pa) data.phones.push({ values: phoneFeatures(phone, word, typicalGop[phone.phone] ?? 0), target: pa[index] ?? 0 });
      });
    }
  }
  return data;
}
