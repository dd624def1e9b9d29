/**
 * Fits the key-point confidence (src/engine/scoring/models/key-point-model.ts) on
 * speechocean762 retellings (bench/retell-cases.ts): every key point of every case, with the
 * evidence of its best place in the answer and whether the answer truly says it; every word
 * heard, with whether the recording playing where it was heard says it (for the transcript's
 * shown words).
 * Reports precision, recall and F1 on speaker-grouped folds, and the external test (fit on
 * corpus-train speakers, scored on the 60 test speakers), then prints the model fitted on the
 * train speakers. Rows are cached in .tmp/key-points-<model>/rows.jsonl (delete after changing
 * recognition). `--shard i/n` fills the cache in parallel; `--answers-per-cell N` (default 2)
 * sets how many answers of each lecture length × share × order are analysed; `--cached`
 * reports on the cache as it is.
 *
 *   nice -n 10 npx tsx scripts/training/fit-key-points.ts
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusAvailable, readLabels } from '../../bench/so762-corpus.js';
import { speakerFolds } from '../../bench/so762-cv.js';
import { isTestSpeaker } from '../../bench/so762-split.js';
import {
  answerAudio,
  buildExamRetellCases,
  EXAM_OPTIONS,
  wordsSaidAt,
  type ExamRetellCase,
} from '../../bench/retell-cases.js';
import {
  closeSpeechEngine,
  analyseFreeAnswer,
  loadSpeechEngine,
} from '../../src/engine/tasks/index.js';
import { spokenWords } from '../../src/engine/scoring/free-speech.js';
import { keyPointPlaces, runEvidence, topicShares } from '../../src/engine/scoring/key-points.js';
import {
  KEY_POINT_MODEL,
  saidConfidence,
  type KeyPointEvidence,
  type KeyPointModel,
} from '../../src/engine/scoring/models/key-point-model.js';
import { configuredModel } from '../../src/engine/recognizer/models.js';
import { keyPointCoverage } from '../../src/shared/key-point-content.js';
import { spearman } from '../../src/engine/evidence/statistics.js';
import { sameStem } from '../../src/engine/text/inflections.js';
import { option, shardOption, WHOLE } from '../../bench/command-line.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CACHE = join(ROOT, '.tmp', `key-points-${configuredModel()}`, 'exam-rows.jsonl');

interface Row {
  caseId: string;
  speaker: string;
  kind: 'point' | 'word';
  evidence: KeyPointEvidence | null;
  truth: boolean;
  lectureSentences: number;
  listSize: number;
  /** The share of the lecture's sentences the answer says. */
  share: number;
}

/** Exam-like cases (bench/retell-cases.ts), fewer answers per cell than the bench scores. */
function examCases(answersPerCell: number): ExamRetellCase[] {
  return buildExamRetellCases(readLabels(), { ...EXAM_OPTIONS, answersPerCell });
}

async function collect(
  answersPerCell: number,
  shard: { index: number; count: number },
): Promise<void> {
  const done = new Set(readRows().map((row) => row.caseId));
  const cases = examCases(answersPerCell).filter(
    (item, index) => index % shard.count === shard.index && !done.has(item.id),
  );
  if (cases.length === 0) return;
  mkdirSync(dirname(CACHE), { recursive: true });
  const engine = await loadSpeechEngine();
  for (const [index, item] of cases.entries()) {
    const { samples, spans } = await answerAudio(item.answer);
    const { analysis, keyPoints } = await analyseFreeAnswer(
      engine,
      { refText: item.answer.lecture, keywords: item.keywords },
      samples,
    );
    const words = spokenWords(analysis);
    const common = {
      caseId: item.id,
      speaker: item.answer.speaker,
      lectureSentences: item.answer.lectureSentences,
      listSize: item.keywords.length,
      share: item.answer.saidSentences / item.answer.lectureSentences,
    };
    const rows: Row[] = [
      ...keyPoints.map((keyPoint, at): Row => {
        const places = keyPointPlaces(keyPoint, words);
        const best = places.sort(
          (a, b) =>
            saidConfidence(b.evidence, KEY_POINT_MODEL) -
            saidConfidence(a.evidence, KEY_POINT_MODEL),
        )[0];
        return {
          ...common,
          kind: 'point',
          evidence: best?.evidence ?? null,
          truth: item.said[at]!,
        };
      }),
      ...words.map((word): Row => ({
        ...common,
        kind: 'word',
        evidence: runEvidence([word]),
        truth: wordsSaidAt(item.answer, spans, (word.startMs + word.endMs) / 2).some((other) =>
          sameStem(other, word.spoken),
        ),
      })),
    ];
    appendFileSync(CACHE, rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
    if (index % 10 === 0) console.log(`analysed ${index + 1}/${cases.length}`);
  }
  closeSpeechEngine(engine);
}

function readRows(): Row[] {
  if (!existsSync(CACHE)) return [];
  return withTopicShares(
    readFileSync(CACHE, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Row),
  );
}

/** Each key point's evidence with the share of its case's other points heard somewhere. */
function withTopicShares(rows: readonly Row[]): Row[] {
  const points = new Map<string, Row[]>();
  for (const row of rows)
    if (row.kind === 'point') points.set(row.caseId, [...(points.get(row.caseId) ?? []), row]);
  const shares = new Map<Row, number>();
  for (const own of points.values()) {
    const share = topicShares(own.map((row) => row.evidence !== null));
    own.forEach((row, index) => shares.set(row, share[index]!));
  }
  return rows.map((row) =>
    row.evidence
      ? { ...row, evidence: { ...row.evidence, topicShare: shares.get(row) ?? 0 } }
      : row,
  );
}

/**
 * A key point's confidence leaves the verdict's score out (KEY_POINT_MODEL says why); a word of
 * the transcript has no topic share.
 */
function features({ kind, evidence }: Row & { evidence: KeyPointEvidence }): number[] {
  return [
    1,
    evidence.gop,
    Math.log(Math.max(1, evidence.phones)),
    evidence.followsPrompt ? 1 : 0,
    evidence.agreement ?? 0,
    kind === 'point' ? 0 : evidence.sentenceScore,
    evidence.topicShare,
  ];
}

/** Logistic regression by Newton's method (iteratively reweighted least squares), lightly ridged. */
export function fitLogistic(rows: readonly Row[]): KeyPointModel {
  const data = rows.filter((row) => row.evidence !== null);
  let weights = [0, 0, 0, 0, 0, 0, 0];
  for (let step = 0; step < 30; step += 1) {
    const hessian = weights.map((_, k) => weights.map((__, j) => (k === j ? 1e-3 : 0)));
    const gradient = weights.map((w) => -1e-3 * w);
    for (const row of data) {
      const x = features({ ...row, evidence: row.evidence! });
      const p = 1 / (1 + Math.exp(-x.reduce((sum, value, k) => sum + value * weights[k]!, 0)));
      const w = p * (1 - p) + 1e-9;
      x.forEach((value, k) => {
        gradient[k]! += ((row.truth ? 1 : 0) - p) * value;
        x.forEach((other, j) => (hessian[k]![j]! += w * value * other));
      });
    }
    const delta = solve(hessian, gradient);
    weights = weights.map((w, k) => w + delta[k]!);
  }
  const [intercept, gop, logPhones, followsPrompt, agreement, sentenceScore, topicShare] =
    weights as [number, number, number, number, number, number, number];
  return { intercept, gop, logPhones, followsPrompt, agreement, sentenceScore, topicShare };
}

/** Gaussian elimination with partial pivoting: A x = b. */
function solve(matrix: number[][], vector: number[]): number[] {
  const a = matrix.map((row, index) => [...row, vector[index]!]);
  const n = a.length;
  for (let col = 0; col < n; col += 1) {
    const pivot = a.reduce(
      (best, row, index) =>
        index >= col && Math.abs(row[col]!) > Math.abs(a[best]![col]!) ? index : best,
      col,
    );
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let row = col + 1; row < n; row += 1) {
      const factor = a[row]![col]! / a[col]![col]!;
      for (let k = col; k <= n; k += 1) a[row]![k]! -= factor * a[col]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let row = n - 1; row >= 0; row -= 1) {
    let sum = a[row]![n]!;
    for (let k = row + 1; k < n; k += 1) sum -= a[row]![k]! * x[k]!;
    x[row] = sum / a[row]![row]!;
  }
  return x;
}

function confidence(row: Row, model: KeyPointModel): number {
  return row.evidence ? saidConfidence(row.evidence, model) : 0;
}

interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

function countAt(rows: readonly Row[], model: KeyPointModel, bar: number): Counts {
  const counts = { tp: 0, fp: 0, fn: 0 };
  for (const row of rows) {
    const heard = confidence(row, model) >= bar;
    if (heard && row.truth) counts.tp += 1;
    else if (heard) counts.fp += 1;
    else if (row.truth) counts.fn += 1;
  }
  return counts;
}

const f1 = (c: Counts): number => (2 * c.tp) / Math.max(1, 2 * c.tp + c.fp + c.fn);
const precision = (c: Counts): number => c.tp / Math.max(1, c.tp + c.fp);
const recall = (c: Counts): number => c.tp / Math.max(1, c.tp + c.fn);
const BARS = Array.from({ length: 19 }, (_, index) => 0.05 + index * 0.05);

/** The bar with the best F1 (points) or the lowest bar reaching `minPrecision` (words). */
function chooseBar(
  rows: readonly Row[],
  model: KeyPointModel,
  minPrecision: number | null,
): number {
  if (minPrecision !== null)
    return BARS.find((bar) => precision(countAt(rows, model, bar)) >= minPrecision) ?? BARS.at(-1)!;
  return BARS.reduce((best, bar) =>
    f1(countAt(rows, model, bar)) > f1(countAt(rows, model, best)) ? bar : best,
  );
}

function describe(name: string, counts: Counts, bars: readonly number[]): string {
  return `${name}: precision ${precision(counts).toFixed(2)}, recall ${recall(counts).toFixed(2)}, F1 ${f1(counts).toFixed(2)} (bars ${bars.map((bar) => bar.toFixed(2)).join(', ')})`;
}

/**
 * Words shown in the transcript must be 85% right (issue 20). The truth here counts a word said
 * anywhere in the recording where it was heard, a little wider than the word's own place.
 */
const SHOWN_PRECISION = 0.85;

/** Keyword-list sizes reported together. */
const LIST_SIZES = [
  { name: '3–5', min: 3, max: 5 },
  { name: '8–12', min: 8, max: 12 },
  { name: '16–20', min: 16, max: 20 },
  { name: '25–40', min: 25, max: 40 },
];

interface Decided {
  row: Row;
  heard: boolean;
}

/** Each row decided by a model fitted without its speaker (its fold's complement). */
function heldOutDecisions(
  own: readonly Row[],
  minPrecision: number | null,
): { decided: Decided[]; bars: number[] } {
  const folds = speakerFolds(own.map((row) => row.speaker));
  const decided: Decided[] = [];
  const bars: number[] = [];
  for (const fold of new Set(folds.values())) {
    const train = own.filter((row) => folds.get(row.speaker) !== fold);
    const model = fitLogistic(train);
    const bar = chooseBar(train, model, minPrecision);
    bars.push(bar);
    for (const row of own.filter((item) => folds.get(item.speaker) === fold))
      decided.push({ row, heard: confidence(row, model) >= bar });
  }
  return { decided, bars };
}

function tally(decided: readonly Decided[]): Counts {
  const counts = { tp: 0, fp: 0, fn: 0 };
  for (const { row, heard } of decided) {
    if (heard && row.truth) counts.tp += 1;
    else if (heard) counts.fp += 1;
    else if (row.truth) counts.fn += 1;
  }
  return counts;
}

function cellTable(decided: readonly Decided[]): string[] {
  const lengths = [...new Set(decided.map(({ row }) => row.lectureSentences))].sort(
    (a, b) => a - b,
  );
  const lines = [`  | Lecture \\ keywords | ${LIST_SIZES.map((size) => size.name).join(' | ')} |`];
  for (const length of lengths) {
    const cells = LIST_SIZES.map((size) => {
      const inCell = decided.filter(
        ({ row }) =>
          row.lectureSentences === length && row.listSize >= size.min && row.listSize <= size.max,
      );
      if (inCell.length === 0) return '—';
      const counts = tally(inCell);
      return `F1 ${f1(counts).toFixed(2)} R ${recall(counts).toFixed(2)} (${counts.tp + counts.fn})`;
    });
    lines.push(`  | ${length} sentences | ${cells.join(' | ')} |`);
  }
  return lines;
}

/** Content (0–5) per case from the decisions: the coverage of the share heard. */
function contentReport(decided: readonly Decided[]): string[] {
  const byCase = new Map<string, Decided[]>();
  for (const item of decided)
    byCase.set(item.row.caseId, [...(byCase.get(item.row.caseId) ?? []), item]);
  const content: number[] = [];
  const share: number[] = [];
  const complete: number[] = [];
  for (const points of byCase.values()) {
    const heard = points.filter((point) => point.heard).length;
    const value = 5 * keyPointCoverage(heard / points.length);
    content.push(value);
    share.push(points[0]!.row.share);
    if (points[0]!.row.share >= 1) complete.push(value);
  }
  const atLeast4 = complete.filter((value) => value >= 4).length;
  return [
    `  content (before the order bonus) rank correlation with the share of the lecture said: ${spearman(content, share).toFixed(2)} (${content.length} cases)`,
    `  complete retellings: content ≥ 4 of 5 in ${atLeast4} of ${complete.length}, mean ${(complete.reduce((sum, value) => sum + value, 0) / Math.max(1, complete.length)).toFixed(2)}`,
  ];
}

function report(rows: readonly Row[]): void {
  for (const kind of ['point', 'word'] as const) {
    const minPrecision = kind === 'word' ? SHOWN_PRECISION : null;
    const own = rows.filter((row) => row.kind === kind);
    const { decided, bars } = heldOutDecisions(own, minPrecision);
    const train = own.filter((row) => !isTestSpeaker(row.speaker));
    const test = own.filter((row) => isTestSpeaker(row.speaker));
    const model = fitLogistic(train);
    const bar = chooseBar(train, model, minPrecision);
    const external = test.map((row) => ({ row, heard: confidence(row, model) >= bar }));
    console.log(
      `${kind}s (${own.length}, ${own.filter((row) => row.truth).length} said, ${new Set(own.map((row) => row.caseId)).size} cases)`,
    );
    console.log(`  ${describe('speaker-grouped folds', tally(decided), bars)}`);
    console.log(
      `  ${describe(`external test (${new Set(test.map((row) => row.speaker)).size} test speakers)`, tally(external), [bar])}`,
    );
    if (kind === 'point') {
      console.log('  held-out F1 and recall (said points) per cell:');
      console.log(cellTable(decided).join('\n'));
      console.log(contentReport(decided).join('\n'));
      console.log('  external test:');
      console.log(contentReport(external).join('\n'));
    }
    console.log(`  fitted on train speakers: ${JSON.stringify(model)} bar ${bar.toFixed(2)}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!corpusAvailable()) {
    console.log('fit-key-points skipped: ../shared/so762 is not beside the repository.');
    process.exit(0);
  }
  const perCell = Number(option('--answers-per-cell') ?? 2);
  const shard = shardOption();
  if (!process.argv.includes('--cached')) await collect(perCell, shard ?? WHOLE);
  if (!shard) report(readRows());
}
