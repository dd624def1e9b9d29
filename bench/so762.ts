/**
 * speechocean762 benchmark: nested, speaker-grouped cross-validation of every score the engine
 * gives (utterance, word, phone, labels, verification of what was said), the negative cases,
 * a sample through the real HTTP path with the shipped models, and runtime.
 * Usage: npm run bench:so762            (writes bench/results/so762.md)
 *        npm run bench:so762 -- --quick (cross-validation only, printed, nothing written)
 *        npm run bench:so762 -- --quick --cached (the same on the cases analysed so far)
 *        npm run bench:so762 -- --users (issue 19's case families and external test only)
 *        npm run bench:so762 -- --users --families music,slow3 (those families only, printed)
 */
import { writeFileSync } from 'node:fs';
import { audioChecks, loadCorpus, type CaseItem } from './so762-analyses.js';
import { CASE_KINDS, type CaseKind } from './so762-cases.js';
import { exitUnlessCorpus, readLabels } from './so762-corpus.js';
import {
  bootstrapInterval,
  correlation,
  crossValidate,
  FOLDS,
  LABEL_ROWS,
  type CrossValidation,
  type Pairs,
} from './so762-cv.js';
import { scoreOverHttp, type HttpOutcome } from './so762-http.js';
import { measureRuntime, type RuntimeFigures } from './so762-runtime.js';
import { runIssue19Bench, runIssue19Families } from './so762-issue19.js';
import { caseTable } from './so762-case-table.js';
import { option } from './command-line.js';
import { resultFile } from './result-file.js';

const RUNTIME_STRIDE = 10;
const HTTP_SAMPLE: Partial<Record<CaseKind, number>> = {
  real: 30,
  wrong: 20,
  reversed: 10,
  snr5: 10,
  hum: 4,
  buzz: 4,
  pink: 4,
  repeat: 10,
};

exitUnlessCorpus('bench:so762');
if (process.argv.includes('--users') && process.argv.includes('--families')) {
  await runIssue19Families((option('--families') ?? '').split(','));
  process.exit(0);
}
if (process.argv.includes('--users')) {
  await runIssue19Bench();
  process.exit(0);
}

// First, so that its peak memory is the engine's, not the engine's plus the corpus's analyses.
const runtime = process.argv.includes('--quick')
  ? null
  : await measureRuntime(readLabels(), RUNTIME_STRIDE);
// --cached: only what .tmp/so762-<model>/<fingerprint> holds (while other processes still fill it).
const corpus = await loadCorpus((line) => console.log(line), {
  cachedOnly: process.argv.includes('--cached'),
});
const checks = await audioChecks(corpus.cases);
const cv = crossValidate(corpus.items, corpus.cases, checks);
const sections = [
  ...correlationSection(cv),
  '',
  ...labelSection(cv),
  '',
  '## What each kind of case gets (scored at scale 5, precision 0.1)',
  '',
  ...caseTable(cv.outcomes),
  '',
  'Goals: wrong sentence low in ≥ 90%; reversed speech low in ≥ 80%; hum, buzz and pink noise refused or unscorable in ≥ 90%; speech at 5 dB SNR scored in ≥ 90%.',
];
if (!runtime) {
  console.log(sections.join('\n'));
  process.exit(0);
}
const http = await scoreOverHttp(httpSample(corpus.cases));
const report = render(corpus.items.length, sections, http, runtime);
writeFileSync(resultFile('so762'), report);
console.log(report);
await runIssue19Bench();

function httpSample(cases: readonly CaseItem[]): CaseItem['case'][] {
  return CASE_KINDS.flatMap((kind) => {
    const ofKind = cases.filter((item) => item.case.kind === kind);
    const wanted = HTTP_SAMPLE[kind] ?? 0;
    const stride = Math.max(1, Math.floor(ofKind.length / Math.max(1, wanted)));
    return ofKind
      .filter((_, index) => index % stride === 0)
      .slice(0, wanted)
      .map((item) => item.case);
  });
}

function fmt(value: number, digits = 3): string {
  return value.toFixed(digits);
}

function pct(count: number, total: number): string {
  return `${count}/${total} (${total > 0 ? fmt((100 * count) / total, 0) : '–'}%)`;
}

function correlationSection(result: CrossValidation): string[] {
  const row = (name: string, pairs: Pairs, goal?: number): string => {
    const [low, high] = bootstrapInterval(pairs);
    return `| ${name} | ${pairs.predicted.length} | ${fmt(correlation(pairs))} | ${fmt(low)}–${fmt(high)} | ${goal ?? ''} |`;
  };
  return [
    '## Agreement with the experts (Pearson r, speakers never seen by the models)',
    '',
    '| Level | n | r | 95% interval (speaker bootstrap) | Goal |',
    '|---|---|---|---|---|',
    row('Utterance accuracy → pronunciation', result.accuracy, 0.7),
    row('Fluency', result.fluency, 0.78),
    row(
      'Fluency model alone (before the speech-rate and false-start ceilings)',
      result.fluencyModel,
    ),
    row('`overall` as a client receives it vs expert total', result.overall, 0.7),
    row('Total model vs expert total', result.total),
    row('Word accuracy (all words; Missing = 0)', result.word, 0.45),
    row('Word accuracy (heard words)', result.wordHeard),
    row('Phone accuracy (all phones; unheard = 0)', result.phone, 0.45),
    row('Phone accuracy (phones of heard words)', result.phoneHeard),
  ];
}

function labelSection(result: CrossValidation): string[] {
  const bands = ['0–4', '5–7', '8–10'];
  const totals = [0, 1, 2].map((band) =>
    result.confusion.reduce((sum, row) => sum + row[band]!, 0),
  );
  const poor = result.confusion[0]![0]! + result.confusion[3]![0]!;
  const falseMissing = result.missingExpert.filter((accuracy) => accuracy >= 5).length;
  return [
    '## Word labels against the experts’ word accuracy',
    '',
    `| Engine label \\ expert | ${bands.join(' | ')} |`,
    '|---|---|---|---|',
    ...LABEL_ROWS.map((label, row) => `| ${label} | ${result.confusion[row]!.join(' | ')} |`),
    `| all | ${totals.join(' | ')} |`,
    '',
    `Expert 0–4 words labelled Bad or Missing: ${pct(poor, totals[0]!)} (goal: at least half).`,
    `False Missing (labelled Missing, experts gave 5 or more): ${falseMissing} of ${totals.reduce((a, b) => a + b, 0)} words (goal: at most 15); Missing words in all: ${result.missingExpert.length}.`,
  ];
}

function httpSection(outcomes: readonly HttpOutcome[]): string[] {
  return [
    '## A sample through the real HTTP path (server CLI, shipped calibration)',
    '',
    '| Case | n | HTTP 200 | NO_SPEECH | Status 2 | Content ≤ 1 and overall ≤ 2 | Mean overall |',
    '|---|---|---|---|---|---|---|',
    ...CASE_KINDS.flatMap((kind) => {
      const rows = outcomes.filter((outcome) => outcome.kind === kind);
      if (rows.length === 0) return [];
      const ok = rows.filter((row) => row.httpStatus === 200);
      const low = ok.filter((row) => (row.content ?? 0) <= 1 && (row.overall ?? 0) <= 2).length;
      const mean = ok.reduce((sum, row) => sum + (row.overall ?? 0), 0) / Math.max(1, ok.length);
      return [
        `| ${kind} | ${rows.length} | ${ok.length} | ${rows.filter((row) => row.code === 'NO_SPEECH').length} | ${ok.filter((row) => row.statuses[0] === 2).length} | ${low + rows.length - ok.length} | ${fmt(mean, 2)} |`,
      ];
    }),
  ];
}

function render(
  utterances: number,
  sections: readonly string[],
  http: readonly HttpOutcome[],
  run: RuntimeFigures,
): string {
  return [
    '# speechocean762 benchmark',
    '',
    `Date: ${new Date().toISOString().slice(0, 10)}. Command: \`npm run bench:so762\`.`,
    `Data: ${utterances} utterances of speechocean762 (Zhang et al., Interspeech 2021, CC BY 4.0) in ../shared/so762, and the cases built from them (bench/so762-cases.ts).`,
    `Protocol: ${FOLDS} outer folds by speaker; each case is scored by calibration fitted on the other folds' speakers only, and every choice the calibration makes (verification bar, label bars, the context models' out-of-fold inputs) is made on inner speaker folds of those.`,
    '',
    ...sections,
    '',
    ...httpSection(http),
    '',
    '## Runtime',
    '',
    `Full path (WAV decode, the audio check, recognition, alignment, phone loop, scoring) on every ${RUNTIME_STRIDE}th utterance: ${run.utterances} utterances, ${fmt(run.audioSeconds, 1)} s of audio, one Node process.`,
    '',
    '| Measure | Value | Goal |',
    '|---|---|---|',
    `| Real-time factor | ${fmt(run.rtf)} | ≤ 0.08 |`,
    `| … of which the audio check (Silero VAD, levels, noise) | ${fmt(run.checkRtf, 4)} | |`,
    `| Latency p50 | ${fmt(run.p50Ms, 0)} ms | |`,
    `| Latency p95 | ${fmt(run.p95Ms, 0)} ms | |`,
    `| Model + calibration load | ${fmt(run.modelLoadMs, 0)} ms | ≤ 1000 ms |`,
    `| Peak memory (RSS) | ${fmt(run.peakRssMb, 0)} MB | ≤ 300 MB |`,
    '',
  ].join('\n');
}
