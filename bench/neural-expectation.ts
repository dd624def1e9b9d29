/**
 * Issue 19: how much of what Moonshine's decoder expects (a word's log-probability over silence)
 * the neural veto takes off the word's log-probability over the answer (EXPECTATION_WEIGHT in
 * evidence/neural-reading.ts), and the share of well-said words its bar may veto (BUDGET in
 * bench/so762-neural-bar.ts). Words of every speechocean762 reading, said: the words the
 * experts scored 5 or more, the words wholly before a cut, the words either side of a word left
 * out; unsaid: a word replaced in the text (as bench/so762-user-cases.ts replaces it), a word
 * left out of the audio, the words wholly after a cut. Every grid point's bar is set on the
 * train speakers' 5+ words, and the choice is made on the train speakers alone: the most unsaid
 * words caught with no more said words vetoed than the log-probability alone at 0.5%. The 60
 * test speakers' figures are printed beside it, untouched by it.
 * `npx tsx bench/neural-expectation.ts 0/2` and `… 1/2` read the cases into
 * .tmp/neural-expectation (about 10 min); `npx tsx bench/neural-expectation.ts` then writes
 * bench/results/neural-expectation.md.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { wordSupport } from '../src/engine/evidence/neural-reading.js';
import { quantile } from '../src/engine/evidence/statistics.js';
import {
  expectedLogProbabilities,
  loadMoonshine,
  wordLogProbabilities,
  type Moonshine,
} from '../src/engine/recognizer/moonshine.js';
import { neuralReadingFingerprint } from './fingerprint.js';
import { readCachedAnalyses } from './so762-analyses.js';
import { exitUnlessCorpus, readLabels, speakerOf, type Label } from './so762-corpus.js';
import { isTestSpeaker } from './so762-split.js';
import {
  clearlyAfterCut,
  corpusSamples,
  editedWord,
  replaced,
  replacementPool,
  speechMiddleMs,
  timesBySlot,
  withoutSpan,
  withRoomTail,
} from './so762-user-cases.js';

exitUnlessCorpus('the neural expectation bench');

const WEIGHTS = [0, 0.25, 0.5, 0.75] as const;
const BUDGETS = [0.001, 0.002, 0.003, 0.004, 0.005, 0.006] as const;
const BASELINE = { weight: 0, budget: 0.005 };
const SAID_FROM = 5;

type Kind = 'real' | 'replaced' | 'beforeCut' | 'afterCut' | 'leftOut' | 'besideLeftOut';
const UNSAID: ReadonlySet<Kind> = new Set(['replaced', 'afterCut', 'leftOut']);

interface WordRow {
  id: string;
  kind: Kind;
  heard: number;
  expected: number;
  /** real: the experts' word accuracy (0–10). */
  accuracy?: number;
}

const folder = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '.tmp',
  'neural-expectation',
  neuralReadingFingerprint(),
);

type Analyses = ReturnType<typeof readCachedAnalyses>;

/** One reading's words, with its text replaced, cut and with a word left out. */
async function readingRows(
  model: Moonshine,
  label: Label,
  pool: readonly string[],
  analyses: Analyses,
): Promise<WordRow[]> {
  const words = label.text.split(' ');
  const samples = await corpusSamples(label.id);
  const expected = await expectedLogProbabilities(model, words);
  const rows: WordRow[] = [];
  const add = (kind: Kind, slot: number, heard: readonly number[], accuracy?: number): void => {
    rows.push({ id: label.id, kind, heard: heard[slot]!, expected: expected[slot]!, accuracy });
  };
  const real = await wordLogProbabilities(model, samples, words);
  words.forEach((_, slot) => add('real', slot, real, label.words[slot]?.accuracy));
  const swap = replaced(label, pool, 1);
  if (swap) {
    const swapped = swap.text.split(' ');
    const heard = await wordLogProbabilities(model, samples, swapped);
    const slot = swap.slots[0]!;
    const swappedExpected = await expectedLogProbabilities(model, swapped);
    rows.push({
      id: label.id,
      kind: 'replaced',
      heard: heard[slot]!,
      expected: swappedExpected[slot]!,
    });
  }
  const full = analyses.get(`real:${label.id}`);
  if (!full) return rows;
  const times = timesBySlot(full.analysis.aligned);
  const cutMs = speechMiddleMs(samples);
  const cut = await wordLogProbabilities(model, withRoomTail(samples, cutMs), words);
  for (const [slot, time] of times) {
    if (clearlyAfterCut(time, cutMs)) add('afterCut', slot, cut);
    else if (time.end <= cutMs - 100) add('beforeCut', slot, cut);
  }
  const skip = editedWord(label, full, 'skip');
  if (skip) {
    const heard = await wordLogProbabilities(model, withoutSpan(samples, skip.time), words);
    add('leftOut', skip.slot, heard);
    for (const slot of [skip.slot - 1, skip.slot + 1])
      if (times.has(slot)) add('besideLeftOut', slot, heard);
  }
  return rows;
}

function shardFile(index: number, count: number): string {
  return join(folder, `rows-${index}-${count}.jsonl`);
}

async function readShard(index: number, count: number): Promise<void> {
  const labels = readLabels();
  const pool = replacementPool(labels);
  const analyses = readCachedAnalyses();
  const file = shardFile(index, count);
  const done = new Set(existsSync(file) ? readRows(file).map((row) => row.id) : []);
  mkdirSync(folder, { recursive: true });
  const model = await loadMoonshine();
  for (const [position, label] of labels.entries()) {
    if (position % count !== index || done.has(label.id)) continue;
    const rows = await readingRows(model, label, pool, analyses);
    appendFileSync(file, rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
    if (position % 100 === index) console.error(`read ${position + 1}/${labels.length}`);
  }
}

function readRows(file: string): WordRow[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as WordRow);
}

interface GridPoint {
  weight: number;
  budget: number;
  bar: number;
  /** Per kind: [vetoed, all], on the train and on the test speakers. */
  train: Map<Kind, [number, number]>;
  test: Map<Kind, [number, number]>;
}

const isWellSaid = (row: WordRow): boolean =>
  row.kind === 'real' && (row.accuracy ?? 0) >= SAID_FROM;
const isTest = (row: WordRow): boolean => isTestSpeaker(speakerOf(row.id));

function gridPoint(rows: readonly WordRow[], weight: number, budget: number): GridPoint {
  const support = (row: WordRow): number => wordSupport(row.heard, row.expected, weight);
  const bar = quantile(rows.filter((row) => isWellSaid(row) && !isTest(row)).map(support), budget);
  const tally = (test: boolean): Map<Kind, [number, number]> => {
    const counts = new Map<Kind, [number, number]>();
    for (const row of rows) {
      if (isTest(row) !== test || (row.kind === 'real' && !isWellSaid(row))) continue;
      const count = counts.get(row.kind) ?? [0, 0];
      counts.set(row.kind, [count[0] + (support(row) < bar ? 1 : 0), count[1] + 1]);
    }
    return counts;
  };
  return { weight, budget, bar, train: tally(false), test: tally(true) };
}

function summed(counts: Map<Kind, [number, number]>, said: boolean): number {
  return [...counts].reduce(
    (sum, [kind, [vetoed]]) => sum + (UNSAID.has(kind) !== said ? vetoed : 0),
    0,
  );
}

const KINDS: readonly Kind[] = [
  'real',
  'beforeCut',
  'besideLeftOut',
  'replaced',
  'leftOut',
  'afterCut',
];

function report(rows: readonly WordRow[]): string {
  const grid = WEIGHTS.flatMap((weight) =>
    BUDGETS.map((budget) => gridPoint(rows, weight, budget)),
  );
  const baseline = grid.find(
    (point) => point.weight === BASELINE.weight && point.budget === BASELINE.budget,
  )!;
  const allowed = summed(baseline.train, true);
  const chosen = grid
    .filter((point) => summed(point.train, true) <= allowed)
    .reduce((best, point) =>
      summed(point.train, false) > summed(best.train, false) ? point : best,
    );
  const cell = (count: [number, number] | undefined): string =>
    count ? `${count[0]}/${count[1]}` : '';
  const line = (point: GridPoint, speakers: 'train' | 'test'): string =>
    `| ${point.weight} | ${(100 * point.budget).toFixed(1)}% | ${point.bar.toFixed(2)} | ${speakers} | ${KINDS.map((kind) => cell(point[speakers].get(kind))).join(' | ')} | ${summed(point[speakers], true)} | ${summed(point[speakers], false)} |${point === chosen ? ' chosen' : point === baseline ? ' before' : ''}`;
  return `# Neural expectation (issue 19)

Date: ${new Date().toISOString().slice(0, 10)}. Command: \`npx tsx bench/neural-expectation.ts\` (after its two shards).
Words of speechocean762's readings read by Moonshine tiny over the answer (heard) and over a second of silence (expected); support = heard − weight × expected (evidence/neural-reading.ts). Each bar is the support under which the budget's share of the train speakers' words rated ${SAID_FROM}+ falls. Cells: words vetoed / words. Said: real (rated ${SAID_FROM}+), before a cut, beside a word left out. Unsaid: replaced in the text, left out of the audio, after a cut.
Choice, on the train speakers alone: the most unsaid words vetoed with no more said words vetoed than weight 0 at 0.5% (${allowed}). Chosen: weight ${chosen.weight}, budget ${(100 * chosen.budget).toFixed(1)}%.

| Weight | Budget | Bar | Speakers | ${KINDS.join(' | ')} | Said vetoed | Unsaid vetoed | |
|---|---|---|---|${KINDS.map(() => '---|').join('')}---|---|---|
${grid.flatMap((point) => [line(point, 'train'), line(point, 'test')]).join('\n')}
`;
}

const [index, count] = (process.argv[2] ?? '').split('/').map(Number);
if (count) await readShard(index ?? 0, count);
else {
  const rows = [0, 1].flatMap((shard) => {
    const file = shardFile(shard, 2);
    if (!existsSync(file)) throw new Error(`no ${file}: run the two shards first`);
    return readRows(file);
  });
  const text = report(rows);
  writeFileSync(new URL('./results/neural-expectation.md', import.meta.url), text);
  console.log(text);
}
