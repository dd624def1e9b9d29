/**
 * Fits the bars of Moonshine's end of the answer (evidence/neural-reading.ts, wordsBeforeEnd),
 * on speechocean762's corpus-train speakers only:
 * - the start bar: the support of the reference's first word that 99% of their real readings
 *   reach (under it, the reading is taken to have begun later and its end is not used);
 * - the end bar: the weakest end that puts no more than 0.2% of the words the experts scored 5
 *   or more in their real readings (those past the start bar) after it.
 * It prints both, the share of the test speakers' well-said words put after the end and the
 * share of the words of readings cut in half (the `half` cases); `--write` ships the bars into
 * end-bar.ts, so every figure on the test speakers is held out.
 * Usage: tsx bench/so762-end-bar.ts [--write]
 */
import { writeFileSync } from 'node:fs';
import { quantile } from '../src/engine/evidence/statistics.js';
import { tokenize } from '../src/engine/text/words.js';
import { buildCases, type Case } from './so762-cases.js';
import { exitUnlessCorpus, readLabels } from './so762-corpus.js';
import { neuralReadings, type NeuralReading } from './so762-neural-readings.js';
import { isTestSpeaker } from './so762-split.js';

exitUnlessCorpus('the end-of-answer bars');

/** The share of real readings whose end the start bar may leave unused. */
const START_BUDGET = 0.01;
/** The share of well-said words the end bar may put after the end. */
const END_BUDGET = 0.002;
const SAID_FROM = 5;
const BAR_FILE = new URL('../src/engine/evidence/end-bar.ts', import.meta.url);

const labels = new Map(readLabels().map((label) => [label.id, label]));
const cases = buildCases([...labels.values()], ['real', 'half']);
const readings = await neuralReadings(cases, undefined, console.error);
const trainReal = (item: Case): boolean => item.kind === 'real' && !isTestSpeaker(item.speaker);
const firstSupports = cases.filter(trainReal).map((item) => readings.get(item.id)!.supports[0]!);
const startBar = Math.floor(quantile(firstSupports, START_BUDGET) * 100) / 100;

/** Per word, the strongest end before it: the end bar at or under which it falls after the end. */
function endsBefore(reading: NeuralReading): number[] {
  let strongest = -Infinity;
  return reading.ends.map((strength) => {
    const before = reading.supports[0]! < startBar ? -Infinity : strongest;
    strongest = Math.max(strongest, strength);
    return before;
  });
}

const levels = (keep: (item: Case) => boolean, wellSaid: boolean): number[] =>
  cases.filter(keep).flatMap((item) => {
    const accuracy = labels.get(item.labelId)!.words.map((word) => word.accuracy);
    const before = endsBefore(readings.get(item.id)!);
    return tokenize(item.text).flatMap((_, slot) =>
      !wellSaid || (accuracy[slot] ?? 0) >= SAID_FROM ? [before[slot]!] : [],
    );
  });
const train = levels(trainReal, true).sort((a, b) => b - a);
// The weakest bar that puts no more than the budget's words after the end, to two decimals.
const endBar = Math.floor(train[Math.floor(END_BUDGET * train.length)]! * 100 + 1) / 100;
const share = (words: number[]): string => {
  const count = words.filter((level) => level >= endBar).length;
  return `${count}/${words.length} (${((100 * count) / words.length).toFixed(2)}%)`;
};
const ofKind = (kind: Case['kind'], test: boolean) => (item: Case) =>
  item.kind === kind && isTestSpeaker(item.speaker) === test;
console.log(
  `Train speakers' bars (shipped): start ${startBar.toFixed(2)}, end ${endBar.toFixed(2)}`,
);
console.log(`Train words rated 5+ after the end: ${share(train)}`);
console.log(`Test words rated 5+ after the end: ${share(levels(ofKind('real', true), true))}`);
for (const test of [false, true])
  console.log(
    `Words of readings cut in half (${test ? 'test' : 'train'} speakers) after the end: ${share(levels(ofKind('half', test), false))}`,
  );
if (process.argv.includes('--write')) {
  writeFileSync(
    BAR_FILE,
    `/**
 * The bars of Moonshine's end of the answer (evidence/neural-reading.ts, wordsBeforeEnd), fitted
 * on speechocean762's corpus-train speakers only by \`tsx bench/so762-end-bar.ts --write\`.
 */

/**
 * The support of the reference's first word under which the reading is taken to have begun
 * later, and its end is not used: 99% of the train speakers' real readings reach it.
 */
export const NEURAL_START_BAR = ${startBar.toFixed(2)};

/**
 * The end's strength at or over which the answer ends before the reference does: the weakest
 * that puts no more than 0.2% of the words the experts scored 5 or more after it.
 */
export const NEURAL_END_BAR = ${endBar.toFixed(2)};
`,
  );
}
