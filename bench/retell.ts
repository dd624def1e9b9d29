/**
 * `npm run bench:retell`: Retell Lecture on answers that look like the exam
 * (bench/retell-cases.ts), scored on the public path (the task scorer's result: components,
 * words, key points). Prints key-point precision, recall and F1 per lecture length and
 * keyword-list size, the rank correlation of content with what the answer truly says, the
 * content of complete retellings, the precision of the words shown, how far a long answer's
 * pronunciation and fluency fall from its parts scored alone, the time to score 40 s answers,
 * answers that must earn nothing, and the external test (a bar fitted on the corpus's train
 * speakers, scored on its 60 test speakers).
 *
 * Results are cached in .tmp/retell-exam-<model>/<engine fingerprint>, so a changed engine is
 * analysed afresh; two processes can fill it at once: `tsx bench/retell.ts --shard 0/2` and
 * `--shard 1/2`, then `tsx bench/retell.ts`. `--cached` reports on the cache as it is;
 * `--no-runtime` skips the 40 s and the negative answers.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Component, KeyPointResult } from '../src/shared/contract/envelope.js';
import { quantile, spearman } from '../src/engine/evidence/statistics.js';
import { configuredModel } from '../src/engine/recognizer/models.js';
import { sameStem } from '../src/engine/text/inflections.js';
import { tokenize } from '../src/engine/text/words.js';
import {
  closeSpeechEngine,
  loadSpeechEngine,
  scoreAnswer,
  type SpeakingResult,
  type SpeechEngine,
} from '../src/engine/tasks/index.js';
import { corpusAvailable, readLabels, type Label } from './so762-corpus.js';
import { speakerFolds } from './so762-cv.js';
import { engineFingerprint } from './fingerprint.js';
import { isTestSpeaker } from './so762-split.js';
import {
  answerAudio,
  buildExamRetellCases,
  examinerKeywords,
  partAudio,
  runtimeAnswer,
  saidText,
  wordsSaidAt,
  type ExamAnswer,
  type ExamRetellCase,
  type PartSpan,
} from './retell-cases.js';
import { keyPointDecisions } from './retell-key-points.js';
import { measureNegatives, NEGATIVE_KINDS, type NegativeOutcome } from './retell-negatives.js';
import { shardOption, WHOLE } from './command-line.js';
import { resultFile } from './result-file.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** One cache per acoustic model (EXAMINER_SPEECH_MODEL) and engine, so none are mixed. */
const CACHE_DIR = join(ROOT, '.tmp', `retell-exam-${configuredModel()}`, engineFingerprint());
const RESULTS = fileURLToPath(resultFile('retell'));
const SCALE = 5;
/** Runtime cases: answers of about this length, with this many keywords. */
const RUNTIME_SECONDS = 40;
const RUNTIME_CASES = 8;
const RUNTIME_KEYWORDS = 30;
/** Answers whose parts are also scored alone, for the long-answer drift. */
const DRIFT_ANSWERS = 40;
/** Lectures each negative answer (bench/retell-negatives.ts) is scored against. */
const NEGATIVE_ANSWERS = 20;
/** Labels of words that are not shown as heard words. */
const NOT_SHOWN = new Set(['Pause', 'Missing', 'Inserted', 'Unclear']);
/** Keyword-list sizes reported together. */
const LIST_BUCKETS = [
  { name: '3–5', min: 3, max: 5 },
  { name: '6–10', min: 6, max: 10 },
  { name: '11–20', min: 11, max: 20 },
  { name: '21–40', min: 21, max: 40 },
] as const;

interface RequestRow {
  id: string;
  speaker: string;
  audioSeconds: number;
  latencyMs: number;
  components: Array<Pick<Component, 'name' | 'score' | 'status' | 'suggestion'>>;
  /** Times in ms. */
  words: Array<{ word: string; label: string; start: number; end: number }>;
  keyPoints: KeyPointResult[] | null;
  /** Where each part of the answer lies in its audio (samples). */
  spans: PartSpan[];
}

interface DriftRow {
  id: string;
  /** Each speech part scored alone (hesitations left out), with its length. */
  parts: Array<{ seconds: number; pronunciation: number; fluency: number; scored: boolean }>;
}

type Scored = SpeakingResult & { keyPoints?: KeyPointResult[] };

async function score(
  engine: SpeechEngine,
  request: { lecture: string; keywords: readonly string[] },
  samples: Float32Array,
): Promise<{ result: Scored; latencyMs: number }> {
  const started = performance.now();
  const result = (await scoreAnswer(
    engine,
    'rl',
    {
      audioUrl: 'file:',
      refText: request.lecture,
      keywords: [...request.keywords],
      scale: SCALE,
      precision: 0.01,
    },
    { samples, durationSeconds: samples.length / 16000, cautions: [] },
  )) as Scored;
  return { result, latencyMs: performance.now() - started };
}

function component(row: { components: RequestRow['components'] }, name: string) {
  return row.components.find((entry) => entry.name === name);
}

function requestRow(
  item: ExamRetellCase,
  { samples, spans }: { samples: Float32Array; spans: PartSpan[] },
  scored: Awaited<ReturnType<typeof score>>,
): RequestRow {
  return {
    id: item.id,
    speaker: item.answer.speaker,
    audioSeconds: samples.length / 16000,
    latencyMs: scored.latencyMs,
    components: scored.result.components.map(({ name, score, status, suggestion }) => ({
      name,
      score,
      status,
      suggestion,
    })),
    words: scored.result.words.map(({ word, label, start, end }) => ({
      word,
      label,
      start,
      end,
    })),
    keyPoints: scored.result.keyPoints ?? null,
    spans,
  };
}

async function driftRow(engine: SpeechEngine, item: ExamRetellCase): Promise<DriftRow> {
  const parts = [];
  for (const part of item.answer.parts.filter((entry) => entry.kind !== 'hesitation')) {
    const samples = await partAudio(part);
    const { result } = await score(
      engine,
      { lecture: item.answer.lecture, keywords: item.keywords },
      samples,
    );
    const pronunciation = component(result, 'score_pronunciation')!;
    parts.push({
      seconds: samples.length / 16000,
      pronunciation: pronunciation.score,
      fluency: component(result, 'score_fluency')!.score,
      scored: pronunciation.status !== 2,
    });
  }
  return { id: item.id, parts };
}

function readRows<T extends { id: string }>(prefix: string): Map<string, T> {
  const rows = new Map<string, T>();
  for (let shard = 0; shard < 4; shard += 1) {
    const file = join(CACHE_DIR, `${prefix}-${shard}.jsonl`);
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line !== '') rows.set((JSON.parse(line) as T).id, JSON.parse(line) as T);
    }
  }
  return rows;
}

/** The first request of each of the first DRIFT_ANSWERS answers with two recordings or more. */
function driftCases(cases: readonly ExamRetellCase[]): ExamRetellCase[] {
  const seen = new Set<string>();
  return cases
    .filter((item) => {
      if (seen.has(item.answer.id)) return false;
      seen.add(item.answer.id);
      return item.answer.parts.filter((part) => part.kind !== 'hesitation').length >= 2;
    })
    .filter((_, index, all) => index % Math.max(1, Math.floor(all.length / DRIFT_ANSWERS)) === 0)
    .slice(0, DRIFT_ANSWERS);
}

/** Analyses what the cache lacks: this shard's answers (every list of an answer in one shard). */
async function fillCache(
  cases: readonly ExamRetellCase[],
  shard: { index: number; count: number },
): Promise<void> {
  const requests = readRows<RequestRow>('requests');
  const drifts = readRows<DriftRow>('drift');
  const drift = new Set(driftCases(cases).map((item) => item.id));
  const answerIds = [...new Set(cases.map((item) => item.answer.id))];
  const mine = new Set(answerIds.filter((_, index) => index % shard.count === shard.index));
  const missing = cases.filter(
    (item) =>
      mine.has(item.answer.id) &&
      (!requests.has(item.id) || (drift.has(item.id) && !drifts.has(item.id))),
  );
  if (missing.length === 0) return;
  mkdirSync(CACHE_DIR, { recursive: true });
  const engine = await loadSpeechEngine();
  // Consecutive requests share their answer: its audio is joined once.
  let audio: { id: string; samples: Float32Array; spans: PartSpan[] } = {
    id: '',
    samples: new Float32Array(0),
    spans: [],
  };
  for (const [index, item] of missing.entries()) {
    if (audio.id !== item.answer.id) {
      audio = { id: item.answer.id, ...(await answerAudio(item.answer)) };
    }
    if (!requests.has(item.id)) {
      const scored = await score(
        engine,
        { lecture: item.answer.lecture, keywords: item.keywords },
        audio.samples,
      );
      appendFileSync(
        join(CACHE_DIR, `requests-${shard.index}.jsonl`),
        `${JSON.stringify(requestRow(item, audio, scored))}\n`,
      );
    }
    if (drift.has(item.id) && !drifts.has(item.id)) {
      appendFileSync(
        join(CACHE_DIR, `drift-${shard.index}.jsonl`),
        `${JSON.stringify(await driftRow(engine, item))}\n`,
      );
    }
    if (index % 10 === 0) console.log(`analysed ${index + 1}/${missing.length}`);
  }
  await closeSpeechEngine(engine);
}

/** 40 s answers: a speaker's recordings joined (several speakers' when one has too few). */
async function measureRuntime(
  labels: readonly Label[],
): Promise<{ rtf: number; p50Ms: number; p95Ms: number; seconds: number }> {
  const engine = await loadSpeechEngine();
  const latencies: number[] = [];
  let audioSeconds = 0;
  for (let index = 0; index < RUNTIME_CASES; index += 1) {
    const { samples, texts } = await runtimeAnswer(labels, index, RUNTIME_SECONDS);
    const keywords = examinerKeywords(texts, RUNTIME_KEYWORDS, () => 0.5);
    const { latencyMs } = await score(engine, { lecture: texts.join(' '), keywords }, samples);
    latencies.push(latencyMs);
    audioSeconds += samples.length / 16000;
  }
  await closeSpeechEngine(engine);
  const total = latencies.reduce((sum, value) => sum + value, 0);
  return {
    rtf: total / 1000 / audioSeconds,
    p50Ms: quantile(latencies, 0.5),
    p95Ms: quantile(latencies, 0.95),
    seconds: audioSeconds / RUNTIME_CASES,
  };
}

/** One request with the truth and the engine's decisions. */
interface Item {
  item: ExamRetellCase;
  row: RequestRow;
  heard: boolean[];
  confidence: number[] | null;
  content: number;
  /** Share of the keywords truly said, and of the lecture's sentences said. */
  keyShare: number;
  sentenceShare: number;
}

interface Counts {
  truePositive: number;
  falsePositive: number;
  falseNegative: number;
}

function count(
  items: readonly Item[],
  decide: (item: Item) => readonly boolean[],
  counted: (keyword: string) => boolean = () => true,
): Counts {
  const counts = { truePositive: 0, falsePositive: 0, falseNegative: 0 };
  for (const item of items) {
    decide(item).forEach((heard, index) => {
      if (!counted(item.item.keywords[index]!)) return;
      const truth = item.item.said[index]!;
      if (heard && truth) counts.truePositive += 1;
      else if (heard) counts.falsePositive += 1;
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

/** Precision / recall / F1; a dash where nothing was heard, or nothing was said. */
function prf(counts: Counts): string {
  const heard = counts.truePositive + counts.falsePositive;
  const said = counts.truePositive + counts.falseNegative;
  const precision = heard > 0 ? fixed(counts.truePositive / heard) : '—';
  const recall = said > 0 ? fixed(counts.truePositive / said) : '—';
  return `${precision} / ${recall} / ${heard + said > 0 ? fixed(f1(counts)) : '—'}`;
}

const shipped = (item: Item): readonly boolean[] => item.heard;
const atBar =
  (bar: number) =>
  (item: Item): readonly boolean[] =>
    item.confidence!.map((confidence) => confidence >= bar);

const BARS = Array.from({ length: 102 }, (_, index) => index / 100);

/** The confidence bar with the best F1 on `items`. */
function bestBar(items: readonly Item[]): number {
  let best = { bar: BARS[0]!, f1: -1 };
  for (const bar of BARS) {
    const score = f1(count(items, atBar(bar)));
    if (score > best.f1) best = { bar, f1: score };
  }
  return best.bar;
}

/** Per item, the decision of a bar fitted on the other folds' speakers. */
function heldOutDecisions(items: readonly Item[]): {
  decide: Map<Item, boolean[]>;
  bars: number[];
} {
  const folds = speakerFolds(items.map(({ item }) => item.answer.speaker));
  const decide = new Map<Item, boolean[]>();
  const bars: number[] = [];
  for (const fold of new Set(folds.values())) {
    const inFold = (item: Item): boolean => folds.get(item.item.answer.speaker) === fold;
    const bar = bestBar(items.filter((item) => !inFold(item)));
    bars.push(bar);
    for (const item of items.filter(inFold)) decide.set(item, [...atBar(bar)(item)]);
  }
  return { decide, bars };
}

/** Spearman's r; NaN when either side does not vary (a group of one share of the lecture). */
function rankCorrelation(xs: readonly number[], ys: readonly number[]): number {
  const varies = (values: readonly number[]): boolean => new Set(values).size > 1;
  return xs.length < 3 || !varies(xs) || !varies(ys) ? NaN : spearman(xs, ys);
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
}

function percent(part: number, whole: number): string {
  return `${((part / Math.max(1, whole)) * 100).toFixed(0)}%`;
}

function fixed(value: number): string {
  return Number.isNaN(value) ? '—' : value.toFixed(2);
}

function toItem(item: ExamRetellCase, row: RequestRow): Item {
  const decisions = keyPointDecisions(row, item.keywords);
  return {
    item,
    row,
    heard: decisions.heard,
    confidence: decisions.confidence,
    content: component(row, 'score_content')?.score ?? 0,
    keyShare: item.said.filter(Boolean).length / item.keywords.length,
    sentenceShare: item.answer.saidSentences / item.answer.lectureSentences,
  };
}

function bucketOf(item: Item): string {
  const size = item.item.keywords.length;
  return LIST_BUCKETS.find((bucket) => size >= bucket.min && size <= bucket.max)?.name ?? '?';
}

/**
 * Words shown as heard, and how many of them the answer truly says: anywhere in it, and in the
 * recording playing where the word is shown (a key word shown again where another recording
 * plays is a word never said there).
 */
function shownWords(items: readonly Item[]): { shown: number; anywhere: number; there: number } {
  const counts = { shown: 0, anywhere: 0, there: 0 };
  const says = (forms: readonly string[], said: readonly string[]): boolean =>
    forms.every((form) => said.some((truth) => sameStem(truth, form)));
  for (const { item, row } of items) {
    const said = tokenize(saidText(item.answer)).flatMap((word) => word.spoken);
    for (const word of row.words.filter((entry) => !NOT_SHOWN.has(entry.label))) {
      const forms = tokenize(word.word).flatMap((entry) => entry.spoken);
      if (forms.length === 0) continue;
      counts.shown += 1;
      if (says(forms, said)) counts.anywhere += 1;
      const middle = (word.start + word.end) / 2;
      if (says(forms, wordsSaidAt(item.answer, row.spans, middle))) counts.there += 1;
    }
  }
  return counts;
}

function shownWordsRow(items: readonly Item[]): string {
  const shown = shownWords(items);
  const share = (right: number): string => (right / Math.max(1, shown.shown)).toFixed(2);
  return `| Shown words (not Pause, Missing, Inserted, Unclear) truly said: precision (of ${shown.shown}), in the recording where shown / anywhere in the answer | ${share(shown.there)} / ${share(shown.anywhere)} | ≥ 0.85 |`;
}

/** The ways an examiner writes a keyword, counted apart (a keyword may be of two). */
const KEYWORD_KINDS: ReadonlyArray<{ name: string; is: (keyword: string) => boolean }> = [
  { name: 'one word', is: (keyword) => !keyword.includes(' ') },
  { name: 'two-word phrase', is: (keyword) => keyword.includes(' ') },
  { name: 'with a number in digits', is: (keyword) => /\d/u.test(keyword) },
  { name: 'with an apostrophe ("ann\'s")', is: (keyword) => keyword.includes("'") },
];

function kindTable(items: readonly Item[], fitted: Map<Item, boolean[]> | null): string[] {
  const lines = [
    '| Keyword written as | Keywords (said) | P / R / F1, shipped `heard` | P / R / F1, held-out confidence bar |',
    '| --- | --- | --- | --- |',
  ];
  for (const kind of KEYWORD_KINDS) {
    const all = items.flatMap((item) => item.item.keywords.filter(kind.is));
    const said = items.flatMap((item) =>
      item.item.keywords.filter((keyword, index) => kind.is(keyword) && item.item.said[index]),
    );
    const held = fitted ? prf(count(items, (item) => fitted.get(item)!, kind.is)) : 'n/a';
    lines.push(
      `| ${kind.name} | ${all.length} (${said.length}) | ${prf(count(items, shipped, kind.is))} | ${held} |`,
    );
  }
  return lines;
}

interface Group {
  name: string;
  items: Item[];
}

function groupBy(
  items: readonly Item[],
  key: (item: Item) => string,
  order: readonly string[],
): Group[] {
  return order
    .map((name) => ({ name, items: items.filter((item) => key(item) === name) }))
    .filter((group) => group.items.length > 0);
}

function contentRank(items: readonly Item[]): string {
  return `${fixed(
    rankCorrelation(
      items.map((item) => item.content),
      items.map((item) => item.keyShare),
    ),
  )} / ${fixed(
    rankCorrelation(
      items.map((item) => item.content),
      items.map((item) => item.sentenceShare),
    ),
  )}`;
}

function groupTable(
  title: string,
  groups: readonly Group[],
  fitted: Map<Item, boolean[]> | null,
): string[] {
  const lines = [
    `| ${title} | Requests | Keywords (said) | P / R / F1, shipped \`heard\` | P / R / F1, held-out confidence bar | Content rank correlation: with key points said / with sentences said |`,
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const group of groups) {
    const keywords = group.items.reduce((sum, item) => sum + item.item.keywords.length, 0);
    const said = group.items.reduce((sum, item) => sum + item.item.said.filter(Boolean).length, 0);
    lines.push(
      `| ${group.name} | ${group.items.length} | ${keywords} (${said}) | ${prf(count(group.items, shipped))} | ${fitted ? prf(count(group.items, (item) => fitted.get(item)!)) : 'n/a'} | ${contentRank(group.items)} |`,
    );
  }
  return lines;
}

function gridTable(
  items: readonly Item[],
  lengths: readonly number[],
  decide: (item: Item) => readonly boolean[],
): string[] {
  const lines = [
    `| Lecture sentences \\ keywords | ${LIST_BUCKETS.map((bucket) => bucket.name).join(' | ')} |`,
    `| --- | ${LIST_BUCKETS.map(() => '---').join(' | ')} |`,
  ];
  for (const length of lengths) {
    const cells = LIST_BUCKETS.map((bucket) => {
      const cell = items.filter(
        (item) => item.item.answer.lectureSentences === length && bucketOf(item) === bucket.name,
      );
      if (cell.length === 0) return '—';
      return `${fixed(f1(count(cell, decide)))} (${cell.length})`;
    });
    lines.push(`| ${length} | ${cells.join(' | ')} |`);
  }
  return lines;
}

function worstCell(
  items: readonly Item[],
  lengths: readonly number[],
  decide: (item: Item) => readonly boolean[],
): number {
  let worst = 1;
  for (const length of lengths) {
    for (const bucket of LIST_BUCKETS) {
      const cell = items.filter(
        (item) => item.item.answer.lectureSentences === length && bucketOf(item) === bucket.name,
      );
      if (cell.length > 0) worst = Math.min(worst, f1(count(cell, decide)));
    }
  }
  return worst;
}

/** Complete retellings with content 4 or more: all of them, and those in the lecture's order (the case). */
function completeRetellings(items: readonly Item[]): string {
  const complete = items.filter(
    (item) => item.item.answer.saidSentences === item.item.answer.lectureSentences,
  );
  const inOrder = complete.filter((item) => item.item.answer.order === 'in order');
  const share = (group: readonly Item[]): string =>
    `${percent(group.filter((item) => item.content >= 4).length, group.length)} of ${group.length}, mean ${mean(group.map((item) => item.content)).toFixed(2)}`;
  return `${share(complete)}; in the lecture's order: ${share(inOrder)}`;
}

/** Retellings of two or more sentences whose content suggestion calls them out of the lecture's order. */
function calledOutOfOrder(items: readonly Item[]): string {
  const called = (order: string): string => {
    const group = items.filter(
      (item) => item.item.answer.saidSentences > 1 && item.item.answer.order === order,
    );
    const notes = group.filter((item) =>
      /out of the lecture’s order/u.test(
        item.row.components.find((component) => component.name === 'score_content')?.suggestion ??
          '',
      ),
    );
    return `${notes.length} of ${group.length}`;
  };
  return `${called('in order')} / ${called('shuffled')}`;
}

function weightedParts(row: DriftRow, pick: (part: DriftRow['parts'][number]) => number): number {
  const parts = row.parts.filter((part) => part.scored);
  const seconds = parts.reduce((sum, part) => sum + part.seconds, 0);
  return parts.reduce((sum, part) => sum + pick(part) * part.seconds, 0) / seconds;
}

function driftLines(items: readonly Item[], drifts: Map<string, DriftRow>): string[] {
  const pairs = items.flatMap((item) => {
    const drift = drifts.get(item.item.id);
    const whole = component(item.row, 'score_pronunciation');
    if (!drift || !whole || whole.status === 2 || !drift.parts.some((part) => part.scored))
      return [];
    return [{ whole: item.row, drift }];
  });
  const gap = (name: string, pick: (part: DriftRow['parts'][number]) => number): number[] =>
    pairs.map(({ whole, drift }) =>
      Math.abs(component(whole, name)!.score - weightedParts(drift, pick)),
    );
  const pronunciation = gap('score_pronunciation', (part) => part.pronunciation);
  const fluency = gap('score_fluency', (part) => part.fluency);
  return [
    `| Long answer vs its recordings scored alone, mean absolute difference (of 5), ${pairs.length} answers: pronunciation / fluency | ${mean(pronunciation).toFixed(2)} / ${mean(fluency).toFixed(2)} | ≤ 0.5 |`,
    `| … share of long answers within 0.5: pronunciation / fluency | ${percent(pronunciation.filter((value) => value <= 0.5).length, pairs.length)} / ${percent(fluency.filter((value) => value <= 0.5).length, pairs.length)} | |`,
  ];
}

function externalTest(items: readonly Item[]): string[] {
  const train = items.filter((item) => !isTestSpeaker(item.item.answer.speaker));
  const test = items.filter((item) => isTestSpeaker(item.item.answer.speaker));
  const speakers = new Set(test.map((item) => item.item.answer.speaker)).size;
  const lines = [
    `External test: requests of the corpus's test speakers (${test.length} requests, ${speakers} speakers); a bar is fitted on the ${train.length} requests of train speakers only.`,
    '',
    '| Measure (test speakers) | Result | Goal |',
    '| --- | --- | --- |',
    `| Key points, shipped \`heard\`: precision / recall / F1 | ${prf(count(test, shipped))} | F1 ≥ 0.75, recall ≥ 0.70 |`,
  ];
  if (test.every((item) => item.confidence)) {
    const bar = bestBar(train);
    lines.push(
      `| Key points, confidence bar ${bar.toFixed(2)} fitted on train speakers: precision / recall / F1 | ${prf(count(test, atBar(bar)))} | F1 ≥ 0.75, recall ≥ 0.70 |`,
    );
  } else {
    lines.push(
      '| Key points, confidence bar fitted on train speakers | n/a: the engine gives no `data.keyPoints` confidence | |',
    );
  }
  lines.push(
    `| Content rank correlation: with key points said / with sentences said | ${contentRank(test)} | ≥ 0.85 |`,
    `| Complete retellings with content ≥ 4 of 5 | ${completeRetellings(test)} | ≥ 90% |`,
    shownWordsRow(test),
  );
  return lines;
}

function negativeLines(items: readonly Item[], negatives: readonly NegativeOutcome[]): string[] {
  const offTopic = items.filter((item) => item.item.answer.saidSentences === 0);
  const noMarks = (item: Item): boolean => component(item.row, 'score_pronunciation')?.status === 2;
  const lines = [
    `| Answers that retell none of the lecture (unrelated speech and hesitations, ${offTopic.length} requests): no marks / mean content (of 5) | ${percent(offTopic.filter(noMarks).length, offTopic.length)} / ${mean(offTopic.map((item) => item.content)).toFixed(2)} | |`,
  ];
  for (const kind of NEGATIVE_KINDS) {
    const outcomes = negatives.filter((outcome) => outcome.kind === kind);
    if (outcomes.length === 0) continue;
    const name =
      kind === 'reversed'
        ? 'Retellings played backwards'
        : kind === 'buzz'
          ? 'A 10 s buzz'
          : '10 s of pink noise';
    lines.push(
      `| ${name} (${outcomes.length}): no marks / mean content (of 5) | ${percent(outcomes.filter((outcome) => outcome.noMarks).length, outcomes.length)} / ${mean(outcomes.map((outcome) => outcome.content)).toFixed(2)} | |`,
    );
  }
  return lines;
}

function report(
  cases: readonly ExamRetellCase[],
  rows: Map<string, RequestRow>,
  drifts: Map<string, DriftRow>,
  runtime: Awaited<ReturnType<typeof measureRuntime>> | null,
  negatives: readonly NegativeOutcome[],
): string {
  const items = cases.flatMap((item) =>
    rows.has(item.id) ? [toItem(item, rows.get(item.id)!)] : [],
  );
  const answers = new Map(items.map((item) => [item.item.answer.id, item]));
  const lengths = [...new Set(items.map((item) => item.item.answer.lectureSentences))].sort(
    (a, b) => a - b,
  );
  const withConfidence = items.length > 0 && items.every((item) => item.confidence);
  const heldOut = withConfidence ? heldOutDecisions(items) : null;
  const fitted = heldOut ? (item: Item): readonly boolean[] => heldOut.decide.get(item)! : null;
  const source = withConfidence
    ? "the engine's `data.keyPoints`"
    : "the content suggestion's Covered/Missed lists (the engine gives no `data.keyPoints`)";
  const lines = [
    `Retell Lecture, exam-like: ${items.length} requests (${cases.length - items.length} not analysed) on ${answers.size} answers of ${new Set(items.map((item) => item.item.answer.speaker)).size} speakers, ${mean([...answers.values()].map((item) => item.row.audioSeconds)).toFixed(1)} s on average (${[...answers.values()].filter((item) => item.row.audioSeconds >= 30).length} of 30 s or more); engine ${engineFingerprint()}. Key points read from ${source}.`,
    '',
    '| Measure | Result | Goal |',
    '| --- | --- | --- |',
    `| Key points, shipped \`heard\`: precision / recall / F1 | ${prf(count(items, shipped))} | F1 ≥ 0.75, recall ≥ 0.70 |`,
    `| … F1 of the worst cell (lecture length × list size) | ${worstCell(items, lengths, shipped).toFixed(2)} | ≥ 0.75 |`,
    fitted && heldOut
      ? `| Key points, confidence bar fitted on the other folds' speakers (${heldOut.bars.map((bar) => bar.toFixed(2)).join(', ')}): precision / recall / F1; worst cell | ${prf(count(items, fitted))}; ${worstCell(items, lengths, fitted).toFixed(2)} | |`
      : '| Key points, confidence bar fitted in speaker folds | n/a: the engine gives no `data.keyPoints` confidence | |',
    `| Content rank correlation (Spearman of score_content): with the share of key points said / with the share of sentences said | ${contentRank(items)} | ≥ 0.85 |`,
    `| Complete retellings (every sentence said) with content ≥ 4 of 5 | ${completeRetellings(items)} | ≥ 90% |`,
    `| Retellings of 2+ sentences called partly out of the lecture's order: in its order / shuffled | ${calledOutOfOrder(items)} | |`,
    shownWordsRow(items),
    ...driftLines(items, drifts),
  ];
  if (runtime) {
    lines.push(
      `| ${RUNTIME_CASES} answers of ${runtime.seconds.toFixed(0)} s with ${RUNTIME_KEYWORDS} keywords, one process: real-time factor / p50 / p95 | ${runtime.rtf.toFixed(3)} / ${(runtime.p50Ms / 1000).toFixed(2)} s / ${(runtime.p95Ms / 1000).toFixed(2)} s | ≤ 6 s |`,
    );
  }
  lines.push(...negativeLines(items, negatives));
  const order = (length: number) => `${length} sentences`;
  lines.push(
    '',
    'Key-point F1 (shipped `heard`) per lecture length × keyword-list size (requests):',
    '',
    ...gridTable(items, lengths, shipped),
  );
  if (fitted) {
    lines.push(
      '',
      'The same with the held-out confidence bar:',
      '',
      ...gridTable(items, lengths, fitted),
    );
  }
  lines.push(
    '',
    ...groupTable(
      'Lecture',
      groupBy(items, (item) => order(item.item.answer.lectureSentences), lengths.map(order)),
      heldOut?.decide ?? null,
    ),
    '',
    ...groupTable(
      'Keywords',
      groupBy(
        items,
        bucketOf,
        LIST_BUCKETS.map((bucket) => bucket.name),
      ),
      heldOut?.decide ?? null,
    ),
    '',
    ...groupTable(
      'Share of the lecture retold',
      groupBy(items, (item) => `${Math.round(item.item.answer.targetShare * 100)}%`, [
        '0%',
        '25%',
        '50%',
        '75%',
        '100%',
      ]),
      heldOut?.decide ?? null,
    ),
    '',
    ...kindTable(items, heldOut?.decide ?? null),
    '',
    ...externalTest(items),
  );
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!corpusAvailable()) {
    console.log('bench:retell skipped: ../shared/so762 is not beside the repository.');
    process.exit(0);
  }
  const labels = readLabels();
  const cases = buildExamRetellCases(labels);
  const shard = shardOption();
  if (shard) {
    await fillCache(cases, shard);
    process.exit(0);
  }
  if (!process.argv.includes('--cached')) await fillCache(cases, WHOLE);
  const timed = !process.argv.includes('--no-runtime');
  const runtime = timed ? await measureRuntime(labels) : null;
  const negatives = timed ? await measureNegatives(answersOf(cases), NEGATIVE_ANSWERS) : [];
  const text = report(cases, readRows('requests'), readRows('drift'), runtime, negatives);
  mkdirSync(dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, `${text}\n`);
  console.log(text);
}

/** Each answer with the keywords of its first request. */
function answersOf(
  cases: readonly ExamRetellCase[],
): Array<{ answer: ExamAnswer; keywords: string[] }> {
  const seen = new Map<string, { answer: ExamAnswer; keywords: string[] }>();
  for (const item of cases) {
    if (!seen.has(item.answer.id))
      seen.set(item.answer.id, { answer: item.answer, keywords: item.keywords });
  }
  return [...seen.values()];
}
