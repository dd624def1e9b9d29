/** A regression tree: a leaf value, or a split on one feature. */
export type TreeNode =
  number | { feature: string; threshold: number; low: TreeNode; high: TreeNode };

/** Gradient-boosted shallow regression trees (squared error), small enough to ship as JSON. */
export interface BoostedTrees {
  base: number;
  rate: number;
  trees: TreeNode[];
}

export function predictTrees(model: BoostedTrees, values: Record<string, number>): number {
  return model.trees.reduce<number>(
    (sum, tree) => sum + model.rate * treeValue(tree, values),
    model.base,
  );
}

/** The value of the leaf `values` fall into. */
export function treeValue(node: TreeNode, values: Record<string, number>): number {
  if (typeof node === 'number') return node;
  return treeValue((values[node.feature] ?? 0) <= node.threshold ? node.low : node.high, values);
}
