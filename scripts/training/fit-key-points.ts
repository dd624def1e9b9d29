/**
 * Fits the key-point confidence (src/engine/scoring/models/key-point-model.ts) on
 * speechocean762 retellings (bench/retell-cases.ts): every key point of every case, with the
 * evidence of its best place in the answer and whether the answer truly says it; every word
 * heard, with whether the answer's text contains it (for the transcript's shown words).
 * Reports precision, recall and F1 on speaker-grouped folds, and the external test (fit on
 * corpus-train speakers, scored on the 60 test speakers), then prints the model fitted on the
 * train speakers. Rows are cached in .tmp/key-points-<model>/rows.jsonl (delete after changing
 * recognition). `--shard i/n` fills the cache in parallel; `--cases N` caps the cases.
 *
 *   nice -n 10 npx tsx scripts/training/fit-key-points.ts
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusAvailable, readLabels } from '../../bench/so762-corpus.js';
import { speakerFolds } from '../../bench/so762-cv.js';
import { isTestSpeaker } from '../../bench/so762-split.js';
import { buildRetellCases, joined, recording } from '../../bench/retell-cases.js';
import { analyseFreeAnswer, loadSpeechEngine } from '../../src/engine/tasks/index.js';
import { spokenWords } from '../../src/engine/scoring/free-speech.js';
import { keyPointPlaces, runEvidence, type KeyPoint } from '../../src/engine/scoring/key-points.js';
import {
  KEY_POINT_MODEL,
  saidConfidence,
  type KeyPointEvidence,
  type KeyPointModel,
} from '../../src/engine/scoring/models/key-point-model.js';
import { configuredModel } from '../../src/engine/recognizer/models.js';
import { sameStem } from '../../src/engine/text/inflections.js';
import { tokenize } from '../../src/engine/text/words.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CACHE = join(ROOT, '.tmp', `key-points-${configuredModel()}`, 'rows.jsonl');

interface Row {
  speaker: string;
  kind: 'point' | 'word';
  evidence: KeyPointEvidence | null;
  truth: boolean;
}

/** Does `words` say the key point: one of its ways, word after word, in any inflection. */
function says(words: readonly string[], keyPoint: KeyPoint): boolean {
  return keyPoint.variants.some((variant) =>
    words.some((_, start) =>
      variant.every((part, offset) => {
        const word = words[start + offset];
        return word !== undefined && sameStem(word, part);
      }),
    ),
  );
}

async function collect(limit: number, shard: { index: number; count: number }): Promise<void> {
  const done = new Set(readRows().map((row) => row.speaker));
  const cases = buildRetellCases(readLabels())
    .slice(0, limit)
    .filter((item, index) => index % shard.count === shard.index && !done.has(item.speaker));
  if (cases.length === 0) return;
  mkdirSync(dirname(CACHE), { recursive: true });
  const engine = await loadSpeechEngine();
  for (const [index, item] of cases.entries()) {
    const audio = await Promise.all(item.parts.map((part) => recording(part.labelId)));
    const samples = joined(audio, item.gapsSeconds, item.parts.length);
    const { analysis, keyPoints } = await analyseFreeAnswer(
      engine,
      { refText: item.lecture },
      samples,
    );
    const said = tokenize(item.parts.map((part) => part.text).join(' ')).flatMap((w) => w.spoken);
    const words = spokenWords(analysis);
    const rows: Row[] = [
      ...keyPoints.map((keyPoint): Row => {
        const places = keyPointPlaces(keyPoint, words);
        const best = places.sort(
          (a, b) =>
            saidConfidence(b.evidence, KEY_POINT_MODEL) -
            saidConfidence(a.evidence, KEY_POINT_MODEL),
        )[0];
        return {
          speaker: item.speaker,
          kind: 'point',
          evidence: best?.evidence ?? null,
          truth: says(said, keyPoint),
        };
      }),
      ...words.map((word): Row => ({
        speaker: item.speaker,
        kind: 'word',
        evidence: runEvidence([word]),
        truth: said.some((other) => sameStem(other, word.spoken)),
      })),
    ];
    appendFileSync(CACHE, rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
    if (index % 10 === 0) console.log(`analysed ${index + 1}/${cases.length}`);
  }
  engine.model.close();
}

function readRows(): Row[] {
  if (!existsSync(CACHE)) return [];
  return readFileSync(CACHE, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Row);
}

function features(evidence: KeyPointEvidence): number[] {
  return [1, evidence.gop, Math.log(Math.max(1, evidence.phones)), evidence.followsPrompt ? 1 : 0];
}

/** Logistic regression by Newton's method (iteratively reweighted least squares), lightly ridged. */
export function fitLogistic(rows: readonly Row[]): KeyPointModel {
  const data = rows.filter((row) => row.evidence !== null);
  let weights = [0, 0, 0, 0];
  for (let step = 0; step < 30; step += 1) {
    const hessian = weights.map((_, k) => weights.map((__, j) => (k === j ? 1e-3 : 0)));
    const gradient = weights.map((w) => -1e-3 * w);
    for (const row of data) {
      const x = features(row.evidence!);
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
  const [intercept, gop, logPhones, followsPrompt] = weights as [number, number, number, number];
  return { intercept, gop, logPhones, followsPrompt };
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

function add(a: Counts, b: Counts): Counts {
  return { tp: a.tp + b.tp, fp: a.fp + b.fp, fn: a.fn + b.fn };
}

function describe(name: string, counts: Counts, bars: readonly number[]): string {
  return `${name}: precision ${precision(counts).toFixed(2)}, recall ${recall(counts).toFixed(2)}, F1 ${f1(counts).toFixed(2)} (bars ${bars.map((bar) => bar.toFixed(2)).join(', ')})`;
}

/** Words shown in the transcript must be this precise (issue 20). */
const SHOWN_PRECISION = 0.85;

function report(rows: readonly Row[]): void {
  for (const kind of ['point', 'word'] as const) {
    const minPrecision = kind === 'word' ? SHOWN_PRECISION : null;
    const own = rows.filter((row) => row.kind === kind);
    const folds = speakerFolds(own.map((row) => row.speaker));
    let heldOut: Counts = { tp: 0, fp: 0, fn: 0 };
    const bars: number[] = [];
    for (const fold of new Set(folds.values())) {
      const train = own.filter((row) => folds.get(row.speaker) !== fold);
      const test = own.filter((row) => folds.get(row.speaker) === fold);
      const model = fitLogistic(train);
      const bar = chooseBar(train, model, minPrecision);
      bars.push(bar);
      heldOut = add(heldOut, countAt(test, model, bar));
    }
    const train = own.filter((row) => !isTestSpeaker(row.speaker));
    const test = own.filter((row) => isTestSpeaker(row.speaker));
    const model = fitLogistic(train);
    const bar = chooseBar(train, model, minPrecision);
    console.log(`${kind}s (${own.length}, ${own.filter((row) => row.truth).length} said)`);
    console.log(`  ${describe('speaker-grouped folds', heldOut, bars)}`);
    console.log(
      `  ${describe(`external test (${new Set(test.map((row) => row.speaker)).size} test speakers)`, countAt(test, model, bar), [bar])}`,
    );
    console.log(`  fitted on train speakers: ${JSON.stringify(model)} bar ${bar.toFixed(2)}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!corpusAvailable()) {
    console.log('fit-key-points skipped: ../shared/so762 is not beside the repository.');
    process.exit(0);
  }
  const limitArg = process.argv.indexOf('--cases');
  const limit = limitArg > 0 ? Number(process.argv[limitArg + 1]) : Infinity;
  const shardArg = process.argv.indexOf('--shard');
  const [index, count] =
    shardArg > 0 ? (process.argv[shardArg + 1] ?? '0/1').split('/').map(Number) : [0, 1];
  await collect(limit, { index: index ?? 0, count: count ?? 1 });
  if (shardArg < 0) report(readRows());
}
