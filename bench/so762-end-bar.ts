/**
 * Fits the bar of Moonshine's end of the answer (evidence/neural-reading.ts, wordsBeforeEnd):
 * the weakest end at which no more than 0.2% of the words the experts scored 5 or more in
 * speechocean762's real readings would fall after it. It prints the train speakers' bar, the
 * share of the test speakers' well-said words it calls Missing and the share of the words of
 * readings cut in half (the `half` cases) it takes; `--write` ships the train speakers' bar into
 * end-bar.ts, so every figure on the test speakers is held out.
 * Usage: tsx bench/so762-end-bar.ts [--write]
 */
import { writeFileSync } from 'node:fs';
import { tokenize } from '../src/engine/text/words.js';
import { buildCases, type Case } from './so762-cases.js';
import { exitUnlessCorpus, readLabels } from './so762-corpus.js';
import { neuralReadings, type NeuralReading } from './so762-neural-readings.js';
import { isTestSpeaker } from './so762-split.js';

exitUnlessCorpus('the end-of-answer bar');

/** The share of well-said words the bar may put after the end. */
const BUDGET = 0.002;
const SAID_FROM = 5;
const BAR_FILE = new URL('../src/engine/evidence/end-bar.ts', import.meta.url);

/** Per word, the strongest end before it: the bar at or under which it falls after the end. */
function endsBefore(reading: NeuralReading): number[] {
  let strongest = -Infinity;
  return reading.ends.map((strength) => {
    const before = strongest;
    strongest = Math.max(strongest, strength);
    return before;
  });
}

const labels = new Map(readLabels().map((label) => [label.id, label]));
const cases = buildCases([...labels.values()], ['real', 'half']);
const readings = await neuralReadings(cases, undefined, console.error);
const levels = (keep: (item: Case) => boolean, wellSaid: boolean): number[] =>
  cases.filter(keep).flatMap((item) => {
    const accuracy = labels.get(item.labelId)!.words.map((word) => word.accuracy);
    const before = endsBefore(readings.get(item.id)!);
    return tokenize(item.text).flatMap((_, slot) =>
      !wellSaid || (accuracy[slot] ?? 0) >= SAID_FROM ? [before[slot]!] : [],
    );
  });
const real = (test: boolean) => (item: Case) =>
  item.kind === 'real' && isTestSpeaker(item.speaker) === test;
const train = levels(real(false), true).sort((a, b) => b - a);
// The weakest bar that puts no more than the budget's words after the end, to two decimals.
const allowed = Math.floor(BUDGET * train.length);
const bar = Math.floor(train[allowed]! * 100 + 1) / 100;
const share = (words: number[]): string => {
  const count = words.filter((level) => level >= bar).length;
  return `${count}/${words.length} (${((100 * count) / words.length).toFixed(2)}%)`;
};
console.log(`Train speakers' bar (shipped): ${bar.toFixed(2)}`);
console.log(`Train words rated 5+ after the end: ${share(train)}`);
console.log(`Test words rated 5+ after the end: ${share(levels(real(true), true))}`);
for (const test of [false, true])
  console.log(
    `Words of readings cut in half (${test ? 'test' : 'train'} speakers) after the end: ${share(levels((item) => item.kind === 'half' && isTestSpeaker(item.speaker) === test, false))}`,
  );
if (process.argv.includes('--write')) {
  writeFileSync(
    BAR_FILE,
    `/**
 * The bar at or over which Moonshine's reading hears an answer end before the reference does
 * (evidence/neural-reading.ts, wordsBeforeEnd): the weakest end at which no more than 0.2% of the
 * words the experts scored 5 or more in speechocean762's real readings fall after it, fitted on
 * the corpus-train speakers only. Written by \`tsx bench/so762-end-bar.ts --write\`.
 */
export const NEURAL_END_BAR = ${bar.toFixed(2)};
`,
  );
}
