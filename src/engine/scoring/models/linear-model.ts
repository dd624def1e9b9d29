/** A standardised linear model: y = intercept + Σ weight·(x − mean)/scale, clamped to [min, max]. */
export interface LinearModel {
  features: string[];
  mean: number[];
  scale: number[];
  weights: number[];
  intercept: number;
  min: number;
  max: number;
}

export function predict(model: LinearModel, values: Record<string, number>): number {
  let sum = model.intercept;
  model.features.forEach((name, index) => {
    const value = values[name] ?? 0;
    const scaled = (value - (model.mean[index] ?? 0)) / (model.scale[index] || 1);
    sum += (model.weights[index] ?? 0) * scaled;
  });
  return Math.min(model.max, Math.max(model.min, Number.isFinite(sum) ? sum : model.min));
}
