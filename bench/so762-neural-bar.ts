/**
 * Fits the bar of Moonshine's veto on words said (evidence/neural-reading.ts): the support
 * under which 0.3% of the words the experts scored 5 or more in speechocean762's real readings
 * fall. It prints the bar of the corpus-train speakers beside the bar of all speakers, and the
 * share of the test speakers' well-said words each calls Missing; `--write` ships the train
 * speakers' bar into neural-bar.ts, so the external test (bench/so762-external.ts) and the
 * users bench score the test speakers with a bar none of them helped to set.
 * Usage: tsx bench/so762-neural-bar.ts [--write]
 */
import { writeFileSync } from 'node:fs';
import { readsAsWritten } from '../src/engine/evidence/neural-reading.js';
import { quantile } from '../src/engine/evidence/statistics.js';
import { tokenize } from '../src/engine/text/words.js';
import { buildCases } from './so762-cases.js';
import { exitUnlessCorpus, readLabels } from './so762-corpus.js';
import { neuralReadings } from './so762-neural-readings.js';
import { isTestSpeaker } from './so762-split.js';

exitUnlessCorpus('the neural reading bar');

/** The share of well-said words the bar may call Missing. */
const BUDGET = 0.003;
const SAID_FROM = 5;
const BAR_FILE = new URL('../src/engine/evidence/neural-bar.ts', import.meta.url);

const labels = new Map(readLabels().map((label) => [label.id, label]));
const cases = buildCases([...labels.values()], ['real']);
const readings = await neuralReadings(cases, undefined, console.error);
const wellSaid = cases.flatMap((item) => {
  const accuracy = labels.get(item.labelId)!.words.map((word) => word.accuracy);
  const supports = readings.get(item.id)!.first;
  return tokenize(item.text).flatMap((word, slot) =>
    readsAsWritten(word) && (accuracy[slot] ?? 0) >= SAID_FROM
      ? [{ test: isTestSpeaker(item.speaker), support: supports[slot]! }]
      : [],
  );
});
const barOf = (words: typeof wellSaid): number =>
  quantile(
    words.map((word) => word.support),
    BUDGET,
  );
const test = wellSaid.filter((word) => word.test);
const under = (bar: number): string => {
  const count = test.filter((word) => word.support < bar).length;
  return `${count}/${test.length} (${((100 * count) / test.length).toFixed(2)}%)`;
};
const trainBar = barOf(wellSaid.filter((word) => !word.test));
const allBar = barOf(wellSaid);
console.log(
  `Train speakers' bar (shipped): ${trainBar.toFixed(2)}; test words rated 5+ under it: ${under(trainBar)}`,
);
console.log(`All speakers' bar: ${allBar.toFixed(2)}; test words under it: ${under(allBar)}`);
if (process.argv.includes('--write')) {
  writeFileSync(
    BAR_FILE,
    `/**
 * The bar under which Moonshine's reading of a reference word (evidence/neural-reading.ts) calls
 * the word unsaid: the support under which 0.3% of the words the experts scored 5 or more in
 * speechocean762's real readings fall, fitted on the corpus-train speakers only, so that every
 * figure on the 60 test speakers is held out. Written by \`tsx bench/so762-neural-bar.ts --write\`.
 */
export const NEURAL_WORD_BAR = ${trainBar.toFixed(2)};
`,
  );
}
