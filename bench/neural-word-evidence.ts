/**
 * Issue 19: a neural recogniser's reading of the reference as evidence of which words were said.
 * `npx tsx bench/neural-word-evidence.ts` reads each reference word against the audio with
 * Moonshine tiny (bench/moonshine.ts) and compares it with the engine's said decision on the
 * users bench's own cases (bench/so762-user-cases.ts: the 60 corpus-test speakers, scored as
 * `npm run bench:so762 -- --users` scores them, with the calibration fitted on the train
 * speakers). The bar on Moonshine's word log-probability is set on the corpus-train speakers'
 * real readings alone (the share of their words the experts scored 5 or more that it would call
 * Missing), so every figure on the test speakers is held out. The "veto" rows forecast the
 * simplest use: a word the engine shows as said is `Missing` when Moonshine's evidence for it
 * is under the bar. Writes bench/results/neural-word-evidence.md. Its report of 2026-12-06
 * was made before the engine took the veto (evidence/neural-reading.ts); run now, the "Engine"
 * row holds the engine's own veto, and the others add a bar of their own to it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { decodeAudio } from '../src/engine/audio/decode.js';
import { mean, pearson, quantile } from '../src/engine/evidence/statistics.js';
import { DOUBTFUL_SENTENCE } from '../src/engine/scoring/suggestions.js';
import {
  REPEAT_SENTENCE_CONTENT_MAX,
  repeatSentenceContent,
} from '../src/shared/repeat-sentence-content.js';
import { resultFile } from './result-file.js';
import { rocArea } from './roc-area.js';
import {
  loadMoonshine,
  wordLogProbabilities,
  type Moonshine,
} from '../src/engine/recognizer/moonshine.js';
import { loadCorpus } from './so762-analyses.js';
import { exitUnlessCorpus, readLabels, speakerOf, type Label } from './so762-corpus.js';
import { isTestSpeaker, trainOnlyCalibration, trainOnlySecondModels } from './so762-split.js';
import { buildAudio, corpusSamples, type Family, type UserCase } from './so762-user-cases.js';
import {
  fullContent as fullAsScored,
  pct,
  scoreUserCases,
  type UserOutcome,
} from './so762-users.js';

exitUnlessCorpus('neural word evidence');

const FAMILIES: readonly Family[] = ['clean', 'replace1', 'replace2', 'cut', 'tail', 'skip'];
/** The shares of the train speakers' said words (experts 5+) the bar may call Missing. */
const BUDGETS = [0.005, 0.02] as const;
const SAID_FROM = 5;

interface CorpusWord {
  test: boolean;
  accuracy: number;
  logProbability: number;
}

async function corpusWords(model: Moonshine, labels: readonly Label[]): Promise<CorpusWord[]> {
  const words: CorpusWord[] = [];
  for (const label of labels) {
    const evidence = await wordLogProbabilities(
      model,
      await corpusSamples(label.id),
      label.text.split(' '),
    );
    const test = isTestSpeaker(speakerOf(label.id));
    evidence.forEach((logProbability, slot) => {
      const accuracy = label.words[slot]?.accuracy;
      if (accuracy !== undefined) words.push({ test, accuracy, logProbability });
    });
  }
  return words;
}

interface ScoredCase {
  item: UserCase;
  outcome: UserOutcome;
  evidence: number[];
}

/** A word the engine shows as said becomes `Missing` when its log-probability is under `bar`. */
interface Veto {
  name: string;
  bar: number;
  /** Words the engine labels `Good` keep their label whatever Moonshine says. */
  sparesGood: boolean;
}

/** The engine's word labels in reference order, with the veto applied when given. */
function labelsOf({ outcome, evidence }: ScoredCase, veto?: Veto): string[] {
  return outcome.words.map((word, slot) =>
    veto &&
    word.label !== 'Missing' &&
    !(veto.sparesGood && word.label === 'Good') &&
    (evidence[slot] ?? 0) < veto.bar
      ? 'Missing'
      : word.label,
  );
}

function fullAfterVeto(scored: ScoredCase, veto?: Veto): boolean {
  if (!fullAsScored(scored.outcome)) return false;
  const content = scored.outcome.components.find((entry) => entry.name === 'score_content');
  const labels = labelsOf(scored, veto);
  const said = labels.filter((label) => label !== 'Missing').length;
  const doubtful = content?.suggestion === DOUBTFUL_SENTENCE;
  return repeatSentenceContent(said, labels.length, doubtful) === REPEAT_SENTENCE_CONTENT_MAX;
}

/** The slots a family's case holds unsaid, or null for a family of real readings. */
function unsaidSlots(item: UserCase): number[] | null {
  if (item.family === 'replace1' || item.family === 'replace2') return item.replacedSlots ?? [];
  if (item.family === 'cut' || item.family === 'tail') return item.unsaidSlots ?? [];
  if (item.family === 'skip') return item.editedSlot === undefined ? [] : [item.editedSlot];
  return null;
}

/** Of a family's unsaid words (every word of a clean reading), those shown `Missing`. */
function missingCell(cases: readonly ScoredCase[], veto?: Veto): string {
  const labels = cases
    .filter((entry) => entry.outcome.code === null)
    .flatMap((entry) => {
      const all = labelsOf(entry, veto);
      const slots = unsaidSlots(entry.item);
      return slots ? slots.map((slot) => all[slot] ?? 'Missing') : all;
    });
  const missing = pct(labels.filter((label) => label === 'Missing').length, labels.length);
  const good = labels.filter((label) => label === 'Good').length;
  return cases.some((entry) => unsaidSlots(entry.item)) && good
    ? `${missing}, Good ${good}`
    : missing;
}

/** A clean reading's full content, or another family's content below full. */
function contentCell(family: Family, cases: readonly ScoredCase[], veto?: Veto): string {
  const full = cases.filter((entry) => fullAfterVeto(entry, veto)).length;
  return family === 'clean' ? pct(full, cases.length) : pct(cases.length - full, cases.length);
}

const log = (line: string): void => console.error(line);
const corpus = await loadCorpus(log);
const labels = readLabels();
const { cases, outcomes } = await scoreUserCases(
  labels,
  new Map(corpus.items.map((item) => [item.id, item])),
  await trainOnlyCalibration(corpus),
  { families: FAMILIES, log, second: trainOnlySecondModels(corpus) },
);
const rssBefore = process.memoryUsage().rss;
const model = await loadMoonshine();
const started = performance.now();
const words = await corpusWords(model, labels);
const seconds = (performance.now() - started) / 1000;
const addedMegabytes = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
const audioSeconds = corpus.items.reduce((total, item) => total + item.audioSeconds, 0);
const saidTrain = words
  .filter((word) => !word.test && word.accuracy >= SAID_FROM)
  .map((word) => word.logProbability);
const bars = BUDGETS.map((budget) => quantile(saidTrain, budget));
const scored: ScoredCase[] = [];
for (const item of cases) {
  const outcome = outcomes.get(item.id);
  if (!outcome) continue;
  const { samples } = await decodeAudio(
    new Uint8Array(await readFile(await buildAudio(item, labels))),
  );
  scored.push({
    item,
    outcome,
    evidence: await wordLogProbabilities(model, samples, item.refText.split(' ')),
  });
}

const rules: Array<Veto | undefined> = [
  undefined,
  ...BUDGETS.flatMap((budget, index) =>
    [false, true].map((sparesGood) => ({
      name: `Veto at the ${(budget * 100).toFixed(1)}% bar${sparesGood ? ', `Good` words spared' : ''}`,
      bar: bars[index]!,
      sparesGood,
    })),
  ),
];
const byFamily = (family: Family): ScoredCase[] =>
  scored.filter((entry) => entry.item.family === family);
/** A table of every rule against every family, headed by `title`. */
function ruleTable(title: string, cell: (family: Family, veto?: Veto) => string): string[] {
  return [
    title,
    '',
    `| Rule | ${FAMILIES.join(' | ')} |`,
    `| --- | ${FAMILIES.map(() => '---').join(' | ')} |`,
    ...rules.map(
      (veto) =>
        `| ${veto?.name ?? 'Engine'} | ${FAMILIES.map((family) => cell(family, veto)).join(' | ')} |`,
    ),
    '',
  ];
}
const testWords = words.filter((word) => word.test);
const saidTest = testWords.filter((word) => word.accuracy >= SAID_FROM);
const lines = [
  "# A neural recogniser's reading of the reference: which words were said (issue 19)",
  '',
  `Date: ${new Date().toISOString().slice(0, 10)}. Command: \`npx tsx bench/neural-word-evidence.ts\`. Moonshine tiny (quantized ONNX from @moonshine-ai/moonshine-js 0.1.29, MIT), onnxruntime-web, one thread; each reference word's log-probability with the sentence read to it in order (teacher forcing). Bars set on the corpus-train speakers' real readings; everything below is on the 60 corpus-test speakers. Engine: the users bench's outcomes (train-only calibration).`,
  '',
  `Moonshine's cost: ${seconds.toFixed(0)} s for the ${corpus.items.length} readings (${audioSeconds.toFixed(0)} s of audio): real-time factor ${(seconds / audioSeconds).toFixed(3)}; the process's resident memory grew by ${addedMegabytes.toFixed(0)} MB when it was loaded and run.`,
  '',
  '| Bar (train words rated 5+ it calls Missing) | Log-probability | Test words rated 5+ under it |',
  '| --- | --- | --- |',
  ...BUDGETS.map(
    (budget, index) =>
      `| ${(budget * 100).toFixed(1)}% | ${bars[index]!.toFixed(2)} | ${pct(saidTest.filter((word) => word.logProbability < bars[index]!).length, saidTest.length)} |`,
  ),
  '',
  `Pearson r of the word's log-probability with the experts' word accuracy, every word of the test speakers' real readings: ${pearson(
    testWords.map((word) => word.logProbability),
    testWords.map((word) => word.accuracy),
  ).toFixed(3)} (n ${testWords.length}).`,
  '',
  "| Family (users bench) | n | ROC area, unsaid words against the test speakers' words rated 5+ |",
  '| --- | --- | --- |',
  ...FAMILIES.filter((family) => family !== 'clean').map((family) => {
    const own = byFamily(family);
    const unsaid = own.flatMap((entry) =>
      (unsaidSlots(entry.item) ?? []).map((slot) => entry.evidence[slot] ?? 0),
    );
    const area = rocArea(
      saidTest.map((word) => word.logProbability),
      unsaid,
    );
    return `| ${family} | ${own.length} | ${area.toFixed(3)} |`;
  }),
  '',
  ...ruleTable(
    'Words shown `Missing`: of every word of the clean readings, of the unsaid words of the others:',
    (family, veto) => missingCell(byFamily(family), veto),
  ),
  ...ruleTable('Content: full for the clean readings, below full for the others:', (family, veto) =>
    contentCell(family, byFamily(family), veto),
  ),
  `Mean log-probability of the test speakers' words rated 5+: ${mean(saidTest.map((word) => word.logProbability)).toFixed(2)}.`,
  '',
];
await writeFile(resultFile('neural-word-evidence'), lines.join('\n'));
console.log(lines.join('\n'));
