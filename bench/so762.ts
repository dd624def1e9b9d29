/**
 * speechocean762 benchmark: every utterance scored by models fitted on other speakers only
 * (5 speaker folds), Pearson correlation with the experts, and runtime on a sample.
 * Usage: npm run bench:so762   (writes bench/results/so762.md)
 *        npm run bench:so762 -- --skip-runtime   (correlations only, printed, nothing written)
 */
import { writeFileSync } from 'node:fs';
import { analyseCorpus, corpusAvailable, SO762_DIR, type CorpusItem } from './so762-corpus.js';
import { correlation, crossValidate, FOLDS, type CrossValidation } from './so762-cv.js';
import { measureRuntime, type RuntimeFigures } from './so762-runtime.js';

const RUNTIME_STRIDE = 10;
const GOALS = { phone: 0.55, word: 0.5, accuracy: 0.7, fluency: 0.7, total: 0.7 };

if (!corpusAvailable()) {
  console.log(`bench:so762 skipped: speechocean762 not found at ${SO762_DIR}`);
  process.exit(0);
}

const corpus = await analyseCorpus((line) => console.log(line));
const cv = crossValidate(corpus.items);
if (process.argv.includes('--skip-runtime')) {
  console.log(correlationSection(cv).join('\n'));
  process.exit(0);
}
const runtime = await measureRuntime(
  corpus.items.map((item) => item.label),
  RUNTIME_STRIDE,
);
const report = render(corpus.items, cv, runtime);
writeFileSync(new URL('./results/so762.md', import.meta.url), report);
console.log(report);

function fmt(value: number, digits = 3): string {
  return value.toFixed(digits);
}

type PairsKey = Exclude<keyof CrossValidation, 'missingExpert'>;

function correlationSection(result: CrossValidation): string[] {
  const row = (name: string, pairs: PairsKey, goal?: number): string =>
    `| ${name} | ${result[pairs].predicted.length} | ${fmt(correlation(result[pairs]))} | ${goal ?? ''} |`;
  const missing = result.missingExpert;
  const missingTop = missing.filter((accuracy) => accuracy >= 9).length;
  const missingMean = missing.reduce((sum, value) => sum + value, 0) / Math.max(1, missing.length);
  return [
    '## Pearson correlation with the experts',
    '',
    '| Level | n | Pearson r | Goal |',
    '|---|---|---|---|',
    row('Phone accuracy (all expected phones; unheard = 0)', 'phone', GOALS.phone),
    row('Phone accuracy (phones of heard words only)', 'phoneHeard'),
    row('Word accuracy (all words; Missing = 0)', 'word', GOALS.word),
    row('Word accuracy (heard words only)', 'wordHeard'),
    row('Utterance accuracy', 'accuracy', GOALS.accuracy),
    row('Fluency', 'fluency', GOALS.fluency),
    row('Total', 'total', GOALS.total),
    '',
    `Words the engine did not hear (Missing, scored 0): ${missing.length} of ${result.word.expert.length}; the experts' mean accuracy for them is ${fmt(missingMean, 1)} of 10 and ${missingTop} of them (${fmt((100 * missingTop) / Math.max(1, missing.length), 0)}%) got 9 or 10, so most are words the recogniser missed rather than words the learner left out. Diagnostic only (the API scores a Missing word 0): with each Missing word scored at the training speakers' mean expert accuracy of Missing words instead, word accuracy over all words is r = ${fmt(correlation(result.wordMissingAtMean))}.`,
  ];
}

function render(
  items: readonly CorpusItem[],
  result: CrossValidation,
  run: RuntimeFigures,
): string {
  const speakers = new Set(items.map((item) => item.speaker)).size;
  return [
    '# speechocean762 benchmark',
    '',
    `Date: ${new Date().toISOString().slice(0, 10)}. Command: \`npm run bench:so762\`.`,
    `Data: ${items.length} utterances of ${speakers} train speakers of speechocean762 (Zhang et al., Interspeech 2021, CC BY 4.0) in ../shared/so762.`,
    `Protocol: ${FOLDS} folds by speaker; each utterance is scored by calibration models fitted on the other folds' speakers only.`,
    '',
    ...correlationSection(result),
    '',
    '## Runtime',
    '',
    `Full path (WAV decode, recognition, alignment, phone loop, scoring) on every ${RUNTIME_STRIDE}th utterance: ${run.utterances} utterances, ${fmt(run.audioSeconds, 1)} s of audio, one Node process.`,
    '',
    '| Measure | Value | Goal |',
    '|---|---|---|',
    `| Real-time factor | ${fmt(run.rtf)} | ≤ 0.1 |`,
    `| Latency p50 | ${fmt(run.p50Ms, 0)} ms | |`,
    `| Latency p95 | ${fmt(run.p95Ms, 0)} ms | |`,
    `| Model + calibration load | ${fmt(run.modelLoadMs, 0)} ms | ≤ 1000 ms |`,
    `| Peak memory (RSS) | ${fmt(run.peakRssMb, 0)} MB | ≤ 300 MB |`,
    '',
    '## Samples per expert score level (utterance, 0–10)',
    '',
    levelTable(items),
    '',
  ].join('\n');
}

function levelTable(items: readonly CorpusItem[]): string {
  const levels = Array.from({ length: 11 }, (_, level) => level);
  const count = (key: 'accuracy' | 'fluency' | 'total', level: number): number =>
    items.filter((item) => Math.round(item.label[key]) === level).length;
  return [
    `| Score | ${levels.join(' | ')} |`,
    `|---|${levels.map(() => '---').join('|')}|`,
    ...(['accuracy', 'fluency', 'total'] as const).map(
      (key) => `| ${key} | ${levels.map((level) => count(key, level)).join(' | ')} |`,
    ),
  ].join('\n');
}
