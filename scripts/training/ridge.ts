import type { LinearModel } from '../../src/engine/scoring/models/linear-model.js';
import { mean, standardDeviation } from '../../src/engine/evidence/statistics.js';

export interface TrainingRow {
  values: Record<string, number>;
  target: number;
}

/** Ridge regression on standardised features (closed form), for the calibration script. */
export function fitRidge(
  rows: readonly TrainingRow[],
  features: readonly string[],
  lambda: number,
  range: { min: number; max: number },
): LinearModel {
  const columns = features.map((name) => rows.map((row) => row.values[name] ?? 0));
  const centres = columns.map(mean);
  const scales = columns.map((column) => standardDeviation(column) || 1);
  const x = rows.map((_, r) =>
    features.map((_, c) => ((columns[c]![r] ?? 0) - centres[c]!) / scales[c]!),
  );
  const targets = rows.map((row) => row.target);
  const intercept = mean(targets);
  const weights = solveNormalEquations(
    x,
    targets.map((t) => t - intercept),
    lambda,
  );
  return { features: [...features], mean: centres, scale: scales, weights, intercept, ...range };
}

function solveNormalEquations(x: number[][], y: number[], lambda: number): number[] {
  const size = x[0]?.length ?? 0;
  const a = Array.from({ length: size }, (_, i) =>
    Array.from(
      { length: size },
      (_, j) => x.reduce((sum, row) => sum + row[i]! * row[j]!, 0) + (i === j ? lambda : 0),
    ),
  );
  const b = Array.from({ length: size }, (_, i) =>
    x.reduce((sum, row, r) => sum + row[i]! * y[r]!, 0),
  );
  return gaussianSolve(a, b);
}

export function gaussianSolve(a: number[][], b: number[]): number[] {
  const n = b.length;
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < n; row += 1)
      if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    for (let row = col + 1; row < n; row += 1) {
      const factor = a[row]![col]! / (a[col]![col]! || 1e-12);
      for (let k = col; k < n; k += 1) a[row]![k]! -= factor * a[col]![k]!;
      b[row]! -= factor * b[col]!;
    }
  }
  const solution = new Array<number>(n).fill(0);
  for (let row = n - 1; row >= 0; row -= 1) {
    let sum = b[row]!;
    for (let k = row + 1; k < n; k += 1) sum -= a[row]![k]! * solution[k]!;
    solution[row] = sum / (a[row]![row]! || 1e-12);
  }
  return solution;
}
