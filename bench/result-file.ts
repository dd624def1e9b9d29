import { configuredModel, DEFAULT_MODEL } from '../src/engine/recognizer/models.js';

/**
 * Where a bench writes its report: bench/results/<name>.md for the default acoustic model, and
 * <name>-<model>.md for another (EXAMINER_SPEECH_MODEL), so that no model's figures replace
 * another's.
 */
export function resultFile(name: string): URL {
  const model = configuredModel();
  const file = model === DEFAULT_MODEL ? name : `${name}-${model}`;
  return new URL(`./results/${file}.md`, import.meta.url);
}
