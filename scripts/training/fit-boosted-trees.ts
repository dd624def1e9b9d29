import { mean } from '../../src/engine/evidence/statistics.js';
import {
  treeValue,
  type BoostedTrees,
  type TreeNode,
} from '../../src/engine/scoring/models/boosted-trees.js';

export interface BoostOptions {
  rounds: number;
  rate: number;
  depth: number;
  minLeaf: number;
}

export const DEFAULT_BOOST: BoostOptions = { rounds: 100, rate: 0.05, depth: 2, minLeaf: 15 };

export function fitBoostedTrees(
  rows: ReadonlyArray<{ values: Record<string, number>; target: number }>,
  features: readonly string[],
  options: BoostOptions = DEFAULT_BOOST,
): BoostedTrees {
  const base = mean(rows.map((row) => row.target));
  const model: BoostedTrees = { base, rate: options.rate, trees: [] };
  const predictions = rows.map(() => base);
  for (let round = 0; round < options.rounds; round += 1) {
    const residuals = rows.map((row, index) => row.target - predictions[index]!);
    const tree = fitTree(
      rows.map((row) => row.values),
      residuals,
      features,
      options.depth,
      options.minLeaf,
    );
    model.trees.push(tree);
    rows.forEach((row, index) => {
      predictions[index]! += options.rate * treeValue(tree, row.values);
    });
  }
  return model;
}

interface Split {
  feature: string;
  threshold: number;
  error: number;
}

function fitTree(
  values: ReadonlyArray<Record<string, number>>,
  targets: readonly number[],
  features: readonly string[],
  depth: number,
  minLeaf: number,
): TreeNode {
  const split =
    depth > 0 && targets.length >= 2 * minLeaf
      ? bestSplit(values, targets, features, minLeaf)
      : null;
  if (!split) return mean(targets);
  const low = values
    .map((_, index) => index)
    .filter((index) => (values[index]![split.feature] ?? 0) <= split.threshold);
  const high = values
    .map((_, index) => index)
    .filter((index) => (values[index]![split.feature] ?? 0) > split.threshold);
  const branch = (indices: number[]): TreeNode =>
    fitTree(
      indices.map((index) => values[index]!),
      indices.map((index) => targets[index]!),
      features,
      depth - 1,
      minLeaf,
    );
  return {
    feature: split.feature,
    threshold: split.threshold,
    low: branch(low),
    high: branch(high),
  };
}

/** The split that most reduces squared error, scanning each feature's sorted values once. */
function bestSplit(
  values: ReadonlyArray<Record<string, number>>,
  targets: readonly number[],
  features: readonly string[],
  minLeaf: number,
): Split | null {
  const total = targets.reduce((sum, value) => sum + value, 0);
  const totalSquares = targets.reduce((sum, value) => sum + value * value, 0);
  let best: Split | null = null;
  for (const feature of features) {
    const column = values.map((row) => row[feature] ?? 0);
    const order = column.map((_, index) => index).sort((a, b) => column[a]! - column[b]!);
    let sum = 0;
    let squares = 0;
    for (let k = 0; k < order.length - 1; k += 1) {
      const target = targets[order[k]!]!;
      sum += target;
      squares += target * target;
      const left = k + 1;
      const right = order.length - left;
      const here = column[order[k]!]!;
      const next = column[order[k + 1]!]!;
      if (left < minLeaf || right < minLeaf || here === next) continue;
      const error =
        squares - (sum * sum) / left + (totalSquares - squares) - (total - sum) ** 2 / right;
      if (!best || error < best.error) best = { feature, threshold: (here + next) / 2, error };
    }
  }
  return best;
}
