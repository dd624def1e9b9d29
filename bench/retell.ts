/**
 * `npm run bench:retell`: Retell Lecture on answers built from speechocean762
 * (bench/retell-cases.ts). Prints key-point precision, recall and F1 with the key-point bar
 * chosen on speaker-grouped folds, word error rate, the rank correlation of content with the
 * true coverage, how far a long answer's pronunciation and fluency fall from its parts scored
 * alone, and the real-time factor and p95 latency of 40 s answers.
 *
 * Analyses are cached in .tmp/retell-<model> (delete it after changing recognition); two processes can
 * fill it at once: `tsx bench/retell.ts --shard 0/2` and `--shard 1/2`, then `tsx bench/retell.ts`.
 * `--cached` reports on the cache as it is; `--no-runtime` skips the 40 s and the negative answers.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  spotKeyPoints,
  type KeyPointBars,
  type SpokenWord,
} from '../src/engine/scoring/key-points.js';
import { freeContent } from '../src/engine/scoring/free-content.js';
import {
  KEY_POINT_BARS,
  phraseDelivery,
  scoreFreeSpeech,
  spokenWords,
} from '../src/engine/scoring/free-speech.js';
import { pearson, quantile } from '../src/engine/evidence/statistics.js';
import {
  analyseFreeAnswer,
  loadSpeechEngine,
  type SpeechEngine,
} from '../src/engine/tasks/index.js';
import { configuredModel, DEFAULT_MODEL } from '../src/engine/recognizer/models.js';
import { tokenize } from '../src/engine/text/words.js';
import { corpusAvailable, readLabels, type Label } from './so762-corpus.js';
import { speakerFolds } from './so762-cv.js';
import { buildRetellCases, joined, recording, type RetellCase } from './retell-cases.js';
import { measureNegatives, NEGATIVE_KINDS, type NegativeOutcome } from './retell-negatives.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** One cache per acoustic model (EXAMINER_SPEECH_MODEL), so the two are never mixed. */
const CACHE_DIR = join(ROOT, '.tmp', `retell-${configuredModel()}`);
/** The default model's report is retell.md; another model's carries its name. */
const RESULTS = join(
  ROOT,
  'bench/results',
  configuredModel() === DEFAULT_MODEL ? 'retell.md' : `retell-${configuredModel()}.md`,
);
/** Runtime cases: answers of about this length. */
const RUNTIME_SECONDS = 40;
const RUNTIME_CASES = 8;
/** Lectures each negative answer (bench/retell-negatives.ts) is scored against. */
const NEGATIVE_ANSWERS = 20;

interface Delivery {
  pronunciation: number;
  fluency: number;
}

interface CaseRow {
  id: string;
  speaker: string;
  audioSeconds: number;
  latencyMs: number;
  words: SpokenWord[];
  transcript: string;
  whole: Delivery;
  /** Each part scored alone, with its length. */
  parts: Array<Delivery & { seconds: number }>;
}

async function score(engine: SpeechEngine, lecture: string, samples: Float32Array) {
  const started = performance.now();
  const { analysis, keyPoints } = await analyseFreeAnswer(engine, { refText: lecture }, samples);
  const input = {
    task: 'rl' as const,
    analysis,
    keyPoints,
    calibration: engine.calibration,
    scale: { scale: 5, precision: 0.01 },
    durationMs: Math.round((samples.length / 16000) * 1000),
    cautions: [],
  };
  const result = scoreFreeSpeech(input);
  // What the phrase models give, before the rule that an answer without relevant content
  // earns no delivery marks: the length of the answer is what is measured here.
  const delivery = phraseDelivery(input);
  return {
    latencyMs: performance.now() - started,
    words: spokenWords(analysis),
    transcript: result.transcription,
    delivery: {
      pronunciation: delivery.pronunciation.fraction * 5,
      fluency: delivery.fluency.fraction * 5,
    },
  };
}

async function analyseCase(engine: SpeechEngine, item: RetellCase): Promise<CaseRow> {
  const audio = await Promise.all(item.parts.map((part) => recording(part.labelId)));
  const samples = joined(audio, item.gapsSeconds, item.parts.length);
  const whole = await score(engine, item.lecture, samples);
  const parts = [];
  for (const part of audio) {
    parts.push({
      ...(await score(engine, item.lecture, part)).delivery,
      seconds: part.length / 16000,
    });
  }
  return {
    id: item.id,
    speaker: item.speaker,
    audioSeconds: samples.length / 16000,
    latencyMs: whole.latencyMs,
    words: whole.words,
    transcript: whole.transcript,
    whole: whole.delivery,
    parts,
  };
}

function readCache(): Map<string, CaseRow> {
  const rows = new Map<string, CaseRow>();
  for (let shard = 0; shard < 4; shard += 1) {
    const file = join(CACHE_DIR, `cases-${shard}.jsonl`);
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line !== '') rows.set((JSON.parse(line) as CaseRow).id, JSON.parse(line) as CaseRow);
    }
  }
  return rows;
}

async function fillCache(
  cases: readonly RetellCase[],
  shard: { index: number; count: number },
): Promise<void> {
  const cache = readCache();
  const missing = cases.filter(
    (item, index) => !cache.has(item.id) && index % shard.count === shard.index,
  );
  if (missing.length === 0) return;
  mkdirSync(CACHE_DIR, { recursive: true });
  const engine = await loadSpeechEngine();
  for (const [index, item] of missing.entries()) {
    appendFileSync(
      join(CACHE_DIR, `cases-${shard.index}.jsonl`),
      `${JSON.stringify(await analyseCase(engine, item))}\n`,
    );
    if (index % 10 === 0) console.log(`analysed ${index + 1}/${missing.length}`);
  }
  engine.model.close();
}

/** 40 s answers: a speaker's recordings joined (several speakers' when one has too few). */
async function measureRuntime(
  labels: readonly Label[],
): Promise<{ rtf: number; p50Ms: number; p95Ms: number; seconds: number }> {
  const engine = await loadSpeechEngine();
  const latencies: number[] = [];
  let audioSeconds = 0;
  for (let index = 0; index < RUNTIME_CASES; index += 1) {
    const parts: Float32Array[] = [];
    const texts: string[] = [];
    for (
      let at = index * 97;
      parts.reduce((sum, part) => sum + part.length, 0) < (RUNTIME_SECONDS - 5) * 16000;
      at += 1
    ) {
      const label = labels[at % labels.length]!;
      parts.push(await recording(label.id));
      texts.push(`${label.text.toLowerCase()}.`);
    }
    const samples = joined(
      parts,
      parts.slice(1).map(() => 0.5),
      index,
    );
    const lecture = texts.join(' ');
    const { latencyMs } = await score(engine, lecture, samples);
    latencies.push(latencyMs);
    audioSeconds += samples.length / 16000;
  }
  engine.model.close();
  const total = latencies.reduce((sum, value) => sum + value, 0);
  return {
    rtf: total / 1000 / audioSeconds,
    p50Ms: quantile(latencies, 0.5),
    p95Ms: quantile(latencies, 0.95),
    seconds: audioSeconds / RUNTIME_CASES,
  };
}

interface Counts {
  truePositive: number;
  falsePositive: number;
  falseNegative: number;
}

function countAt(
  items: ReadonlyArray<{ item: RetellCase; row: CaseRow }>,
  bar: KeyPointBars,
): Counts {
  const counts = { truePositive: 0, falsePositive: 0, falseNegative: 0 };
  for (const { item, row } of items) {
    spotKeyPoints(item.keyPoints, row.words, bar).forEach((point, index) => {
      const found = point.found !== null;
      const truth = item.spoken[index]!;
      if (found && truth) counts.truePositive += 1;
      else if (found) counts.falsePositive += 1;
      else if (truth) counts.falseNegative += 1;
    });
  }
  return counts;
}

function f1(counts: Counts): number {
  return (
    (2 * counts.truePositive) /
    Math.max(1, 2 * counts.truePositive + counts.falsePositive + counts.falseNegative)
  );
}

const STEPS = Array.from({ length: 33 }, (_, index) => -60 + index * 2.5);
const BARS: KeyPointBars[] = STEPS.flatMap((followsPrompt) =>
  STEPS.filter((alone) => alone >= followsPrompt).map((alone) => ({ followsPrompt, alone })),
);

/** The key-point bars with the best F1 on `items`. */
function bestBar(items: ReadonlyArray<{ item: RetellCase; row: CaseRow }>): KeyPointBars {
  let best = { bar: BARS[0]!, f1: -1 };
  for (const bar of BARS) {
    const score = f1(countAt(items, bar));
    if (score > best.f1) best = { bar, f1: score };
  }
  return best.bar;
}

function barText(bar: KeyPointBars): string {
  return `${bar.followsPrompt}/${bar.alone}`;
}

function ranks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const out = new Array<number>(values.length);
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end += 1;
    for (let k = start; k <= end; k += 1) out[order[k]!.index] = (start + end) / 2;
    start = end + 1;
  }
  return out;
}

function spearman(xs: readonly number[], ys: readonly number[]): number {
  return pearson(ranks(xs), ranks(ys));
}

function wordErrors(reference: readonly string[], hypothesis: readonly string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, index) => index);
  for (let i = 1; i <= reference.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= hypothesis.length; j += 1) {
      const same = reference[i - 1] === hypothesis[j - 1] ? 0 : 1;
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + same));
    }
    previous = current;
  }
  return previous[hypothesis.length]!;
}

function spokenForms(text: string): string[] {
  return tokenize(text).flatMap((word) => word.spoken);
}

function weightedParts(row: CaseRow, pick: (delivery: Delivery) => number): number {
  const seconds = row.parts.reduce((sum, part) => sum + part.seconds, 0);
  return row.parts.reduce((sum, part) => sum + pick(part) * part.seconds, 0) / seconds;
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
}

function report(
  cases: readonly RetellCase[],
  cache: Map<string, CaseRow>,
  runtime: Awaited<ReturnType<typeof measureRuntime>> | null,
  negatives: readonly NegativeOutcome[],
): string {
  const items = cases.flatMap((item) =>
    cache.has(item.id) ? [{ item, row: cache.get(item.id)! }] : [],
  );
  const folds = speakerFolds(items.map(({ item }) => item.speaker));
  const heldOut: Counts = { truePositive: 0, falsePositive: 0, falseNegative: 0 };
  const content: number[] = [];
  const share: number[] = [];
  const coverage: number[] = [];
  const bars: KeyPointBars[] = [];
  for (const fold of new Set(folds.values())) {
    const train = items.filter(({ item }) => folds.get(item.speaker) !== fold);
    const test = items.filter(({ item }) => folds.get(item.speaker) === fold);
    const bar = bestBar(train);
    bars.push(bar);
    const counts = countAt(test, bar);
    heldOut.truePositive += counts.truePositive;
    heldOut.falsePositive += counts.falsePositive;
    heldOut.falseNegative += counts.falseNegative;
    for (const { item, row } of test) {
      const spotted = spotKeyPoints(item.keyPoints, row.words, bar);
      share.push(spotted.filter((point) => point.found !== null).length / item.keyPoints.length);
      content.push(freeContent('rl', spotted, row.words).fraction);
      coverage.push(item.spoken.filter(Boolean).length / item.keyPoints.length);
    }
  }
  const precision =
    heldOut.truePositive / Math.max(1, heldOut.truePositive + heldOut.falsePositive);
  const recall = heldOut.truePositive / Math.max(1, heldOut.truePositive + heldOut.falseNegative);
  const errors = items.reduce(
    (sum, { item, row }) =>
      sum +
      wordErrors(
        spokenForms(item.parts.map((part) => part.text).join(' ')),
        spokenForms(row.transcript),
      ),
    0,
  );
  const referenceWords = items.reduce(
    (sum, { item }) => sum + spokenForms(item.parts.map((part) => part.text).join(' ')).length,
    0,
  );
  const lectureItems = items.filter(({ item }) => item.parts.every((part) => part.inLecture));
  const lectureErrors = lectureItems.reduce(
    (sum, { item, row }) =>
      sum +
      wordErrors(
        spokenForms(item.parts.map((part) => part.text).join(' ')),
        spokenForms(row.transcript),
      ),
    0,
  );
  const lectureWords = lectureItems.reduce(
    (sum, { item }) => sum + spokenForms(item.parts.map((part) => part.text).join(' ')).length,
    0,
  );
  const long = items.filter(({ row }) => row.parts.length >= 2);
  const pronunciationGap = long.map(({ row }) =>
    Math.abs(row.whole.pronunciation - weightedParts(row, (part) => part.pronunciation)),
  );
  const fluencyGap = long.map(({ row }) =>
    Math.abs(row.whole.fluency - weightedParts(row, (part) => part.fluency)),
  );
  const allBar = bestBar(items);
  const anywhere = countAt(items, { followsPrompt: -Infinity, alone: -Infinity });
  const heardAtAll =
    anywhere.truePositive / Math.max(1, anywhere.truePositive + anywhere.falseNegative);
  const lines = [
    `Retell Lecture on ${items.length} answers built from speechocean762 (${long.length} of two or more recordings, ${mean(items.map(({ row }) => row.audioSeconds)).toFixed(1)} s on average); ${cases.length - items.length} not analysed.`,
    '',
    '| Measure | Result | Goal |',
    '| --- | --- | --- |',
    `| Key points: precision / recall / F1 (bars in / out of a prompt sentence chosen on the other folds' speakers: ${bars.map(barText).join(', ')}) | ${precision.toFixed(2)} / ${recall.toFixed(2)} / ${f1(heldOut).toFixed(2)} | F1 ≥ 0.85 |`,
    `| Key points with the shipped bar (${barText(KEY_POINT_BARS)}); the bar best on all answers | F1 ${f1(countAt(items, KEY_POINT_BARS)).toFixed(2)}; ${barText(allBar)} (F1 ${f1(countAt(items, allBar)).toFixed(2)}) | |`,
    `| Key points said that the recogniser heard at all, whatever the confidence (the recall within reach) | ${heardAtAll.toFixed(2)} | |`,
    `| Rank correlation with the true share of key points (held-out bars): content / the share of key points found | ${spearman(content, coverage).toFixed(2)} / ${spearman(share, coverage).toFixed(2)} | ≥ 0.85 |`,
    `| Word error rate of the transcript: all answers / answers of lecture sentences only | ${(errors / referenceWords).toFixed(2)} / ${(lectureErrors / Math.max(1, lectureWords)).toFixed(2)} | lower |`,
    `| Long answer vs its parts alone, mean absolute difference (of 5): pronunciation / fluency | ${mean(pronunciationGap).toFixed(2)} / ${mean(fluencyGap).toFixed(2)} | ≤ 0.5 |`,
    `| … share of long answers within 0.5: pronunciation / fluency | ${((pronunciationGap.filter((gap) => gap <= 0.5).length / Math.max(1, long.length)) * 100).toFixed(0)}% / ${((fluencyGap.filter((gap) => gap <= 0.5).length / Math.max(1, long.length)) * 100).toFixed(0)}% | |`,
  ];
  if (runtime) {
    lines.push(
      `| ${RUNTIME_CASES} answers of ${runtime.seconds.toFixed(0)} s, one process: real-time factor / p50 / p95 | ${runtime.rtf.toFixed(3)} / ${(runtime.p50Ms / 1000).toFixed(2)} s / ${(runtime.p95Ms / 1000).toFixed(2)} s | ≤ 0.15 / — / ≤ 6 s |`,
    );
  }
  const offTopic = items.filter(({ item }) => item.parts.every((part) => !part.inLecture));
  const offTopicContent = offTopic.map(({ item, row }) =>
    freeContent('rl', spotKeyPoints(item.keyPoints, row.words, KEY_POINT_BARS), row.words),
  );
  lines.push(
    `| Off-topic answers (only recordings of other sentences, ${offTopic.length}): no marks / mean content (of 5), shipped bars | ${percent(offTopicContent.filter((content) => !content.relevant).length, offTopic.length)} / ${mean(offTopicContent.map((content) => content.fraction * 5)).toFixed(2)} | |`,
  );
  for (const kind of NEGATIVE_KINDS) {
    const outcomes = negatives.filter((outcome) => outcome.kind === kind);
    if (outcomes.length === 0) continue;
    lines.push(
      `| ${kind === 'reversed' ? 'Retellings played backwards' : kind === 'buzz' ? 'A 10 s buzz' : '10 s of pink noise'} (${outcomes.length}): no marks / mean content (of 5) | ${percent(outcomes.filter((outcome) => outcome.noMarks).length, outcomes.length)} / ${mean(outcomes.map((outcome) => outcome.content)).toFixed(2)} | |`,
    );
  }
  return lines.join('\n');
}

function percent(part: number, whole: number): string {
  return `${((part / Math.max(1, whole)) * 100).toFixed(0)}%`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!corpusAvailable()) {
    console.log('bench:retell skipped: ../shared/so762 is not beside the repository.');
    process.exit(0);
  }
  const labels = readLabels();
  const cases = buildRetellCases(labels);
  const shardArg = process.argv.indexOf('--shard');
  if (shardArg > 0) {
    const [index, count] = (process.argv[shardArg + 1] ?? '0/1').split('/').map(Number);
    await fillCache(cases, { index: index ?? 0, count: count ?? 1 });
    process.exit(0);
  }
  if (!process.argv.includes('--cached')) await fillCache(cases, { index: 0, count: 1 });
  const timed = !process.argv.includes('--no-runtime');
  const runtime = timed ? await measureRuntime(labels) : null;
  const negatives = timed ? await measureNegatives(cases, NEGATIVE_ANSWERS) : [];
  const text = report(cases, readCache(), runtime, negatives);
  mkdirSync(dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, `${text}\n`);
  console.log(text);
}
