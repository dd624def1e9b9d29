import { gaussianSolve, type TrainingRow } from './ridge.js';
import { mean, standardDeviation } from './statistics.js';

/** A standardised logistic model: P(yes) = σ(intercept + Σ weight·(x − mean)/scale). */
export interface LogisticModel {
  features: string[];
  mean: number[];
  scale: number[];
  weights: number[];
  intercept: number;
}

export function probability(model: LogisticModel, values: Record<string, number>): number {
  let sum = model.intercept;
  model.features.forEach((name, index) => {
    const scaled = ((values[name] ?? 0) - (model.mean[index] ?? 0)) / (model.scale[index] || 1);
    sum += (model.weights[index] ?? 0) * scaled;
  });
  return Number.isFinite(sum) ? 1 / (1 + Math.exp(-sum)) : 0;
}

const NEWTON_STEPS = 25;

/**
 * L2-penalised logistic regression by Newton's method on standardised features; `target` is 1
 * or 0. Each class is weighted to half the total, so a rare class is not ignored.
 */
export function fitLogistic(
  rows: readonly TrainingRow[],
  features: readonly string[],
  lambda: number,
): LogisticModel {
  const columns = features.map((name) => rows.map((row) => row.values[name] ?? 0));
  const centres = columns.map(mean);
  const scales = columns.map((column) => standardDeviation(column) || 1);
  const x = rows.map((_, r) => [
    1,
    ...features.map((_, c) => ((columns[c]![r] ?? 0) - centres[c]!) / scales[c]!),
  ]);
  const positives = rows.filter((row) => row.target === 1).length;
  const classWeight = (target: number): number =>
    rows.length / (2 * Math.max(1, target === 1 ? positives : rows.length - positives));
  const size = features.length + 1;
  let beta = new Array<number>(size).fill(0);
  for (let step = 0; step < NEWTON_STEPS; step += 1) {
    const hessian = Array.from({ length: size }, (_, i) =>
      Array.from({ length: size }, (_, j) => (i === j && i > 0 ? lambda : 0)),
    );
    const gradient = beta.map((value, i) => (i > 0 ? lambda * value : 0));
    x.forEach((row, r) => {
      const target = rows[r]!.target;
      const weight = classWeight(target);
      const p = 1 / (1 + Math.exp(-row.reduce((sum, value, i) => sum + value * beta[i]!, 0)));
      const curvature = weight * Math.max(1e-9, p * (1 - p));
      for (let i = 0; i < size; i += 1) {
        gradient[i]! += weight * (p - target) * row[i]!;
        for (let j = 0; j < size; j += 1) hessian[i]![j]! += curvature * row[i]! * row[j]!;
      }
    });
    const delta = gaussianSolve(hessian, gradient);
    beta = beta.map((value, i) => value - delta[i]!);
    if (Math.max(...delta.map(Math.abs)) < 1e-8) break;
  }
  return {
    features: [...features],
    mean: centres,
    scale: scales,
    weights: beta.slice(1),
    intercept: beta[0]!,
  };
}
