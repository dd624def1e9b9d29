/**
 * Fits the bars of Moonshine's end of the answer (evidence/neural-reading.ts, wordsBeforeEnd),
 * on speechocean762's corpus-train speakers only:
 * - the start bar: the support of the reference's first word that 99% of their real readings
 *   reach (under it, the reading is taken to have begun later and its end is not used);
 * - the heard bar: the support 99% of the words the experts scored 5 or more in their real
 *   readings reach (the end moves on to a stronger end only over such words), and the clear
 *   bar, that 95% of them reach (the end moves on to the reference's own end only over a last
 *   word so heard);
 * - the end bar: the weakest end that puts no more than 0.2% of those words (in readings past
 *   the start bar) after it.
 * It prints both, the share of the test speakers' well-said words put after the end and the
 * share of the words of readings cut in half (the `half` cases); `--write` ships the bars into
 * end-bar.ts, so every figure on the test speakers is held out.
 * Usage: tsx bench/so762-end-bar.ts [--write]
 */
import { writeFileSync } from 'node:fs';
import { quantile } from '../src/engine/evidence/statistics.js';
import { wordsBeforeEnd } from '../src/engine/evidence/neural-reading.js';
import { buildCases, type Case } from './so762-cases.js';
import { exitUnlessCorpus, readLabels } from './so762-corpus.js';
import { END_FLOOR, neuralReadings } from './so762-neural-readings.js';
import { isTestSpeaker } from './so762-split.js';

exitUnlessCorpus('the end-of-answer bars');

/** The share of real readings whose end the start bar may leave unused. */
const START_BUDGET = 0.01;
/** The shares of well-said words under the heard bar and the clear bar. */
const HEARD_BUDGET = 0.01;
const CLEAR_BUDGET = 0.05;
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
const wellSaidSupports = cases.filter(trainReal).flatMap((item) => {
  const { supports } = readings.get(item.id)!;
  return labels
    .get(item.labelId)!
    .words.flatMap((word, slot) => (word.accuracy >= SAID_FROM ? [supports[slot]!] : []));
});
const heardBar = Math.floor(quantile(wellSaidSupports, HEARD_BUDGET) * 100) / 100;
const clearBar = Math.floor(quantile(wellSaidSupports, CLEAR_BUDGET) * 100) / 100;

/**
 * Of the cases kept, whether each word (each the experts scored well, if `wellSaid`) falls after
 * the end under `endBar`.
 */
const afterEnd = (keep: (item: Case) => boolean, wellSaid: boolean) => {
  const kept = cases.filter(keep).map((item) => ({
    accuracy: labels.get(item.labelId)!.words.map((word) => word.accuracy),
    reading: readings.get(item.id)!,
  }));
  return async (endBar: number): Promise<boolean[]> => {
    const bars = { start: startBar, end: endBar, heard: heardBar, clear: clearBar };
    const after: boolean[] = [];
    for (const { accuracy, reading } of kept) {
      const before = await wordsBeforeEnd(reading.supports, (slot) => reading.ends[slot]!, bars);
      reading.ends.forEach((_, slot) => {
        if (!wellSaid || (accuracy[slot] ?? 0) >= SAID_FROM) after.push(slot >= before);
      });
    }
    return after;
  };
};
const share = (after: boolean[]): string => {
  const count = after.filter(Boolean).length;
  return `${count}/${after.length} (${((100 * count) / after.length).toFixed(2)}%)`;
};
const trainAfter = afterEnd(trainReal, true);
const withinBudget = async (bar: number): Promise<boolean> => {
  const after = await trainAfter(bar);
  return after.filter(Boolean).length <= END_BUDGET * after.length;
};
// The weakest bar, to two decimals, such that it and every stronger one keep within the budget;
// no weaker than the cache works ends out to.
const stepDown = (bar: number): number => Math.round(bar * 100 - 1) / 100;
let endBar = 0;
while (stepDown(endBar) >= END_FLOOR && (await withinBudget(stepDown(endBar))))
  endBar = stepDown(endBar);
const ofKind = (kind: Case['kind'], test: boolean) => (item: Case) =>
  item.kind === kind && isTestSpeaker(item.speaker) === test;
console.log(
  `Train speakers' bars (shipped): start ${startBar.toFixed(2)}, heard ${heardBar.toFixed(2)}, clear ${clearBar.toFixed(2)}, end ${endBar.toFixed(2)}`,
);
console.log(`Train words rated 5+ after the end: ${share(await trainAfter(endBar))}`);
console.log(
  `Test words rated 5+ after the end: ${share(await afterEnd(ofKind('real', true), true)(endBar))}`,
);
for (const test of [false, true])
  console.log(
    `Words of readings cut in half (${test ? 'test' : 'train'} speakers) after the end: ${share(await afterEnd(ofKind('half', test), false)(endBar))}`,
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
export const NEURAL_START_BAR = ${Number(startBar.toFixed(2))};

/**
 * The end's strength at or over which the answer ends before the reference does: the weakest
 * that puts no more than 0.2% of the words the experts scored 5 or more after it.
 */
export const NEURAL_END_BAR = ${Number(endBar.toFixed(2))};

/**
 * The support a word needs for the answer's end to move on past it to a stronger end: 99% of
 * the words the train speakers said well (experts' 5 or more) reach it.
 */
export const NEURAL_HEARD_BAR = ${Number(heardBar.toFixed(2))};

/**
 * The support the reference's last word needs for the answer's end to move on to the
 * reference's own end: 95% of the words the train speakers said well reach it.
 */
export const NEURAL_CLEAR_BAR = ${Number(clearBar.toFixed(2))};
`,
  );
}
