import type { Task } from '../../shared/contract/endpoints.js';
import type { Envelope } from '../../shared/contract/envelope.js';
import { engineKeyPoints, type EngineKeyPoint } from '../../shared/key-points.js';
import { noScores, type ScoreColumns } from '../store/attempt-scores.js';

const COLUMN_OF: Record<string, keyof ScoreColumns> = {
  score_content: 'content',
  score_pronunciation: 'pronunciation',
  score_fluency: 'fluency',
  Words: 'words',
  overall: 'overall',
};

/** The component scores of a result, in the attempts table's columns. */
export function scoreColumns(envelope: Envelope): ScoreColumns {
  const columns = noScores();
  for (const component of envelope.data.components) {
    const column = COLUMN_OF[component.name];
    if (column) columns[column] = component.score;
  }
  return columns;
}

/**
 * Each score's maximum. The contract gives `overall` a maxScore of 0: its top is the scale
 * the request asked for, or for a dictation the number of words (as `Words`).
 */
export function scoreMaxima(envelope: Envelope, task: Task, scale: number): ScoreColumns {
  const maxima = noScores();
  for (const component of envelope.data.components) {
    const column = COLUMN_OF[component.name];
    if (column && component.maxScore > 0) maxima[column] = component.maxScore;
  }
  maxima.overall = task === 'wfd' ? maxima.words : scale;
  return maxima;
}

/** rl, di: the key points the result names, kept beside its scores; none for other tasks. */
export function freeSpeechKeyPoints(
  task: Task,
  envelope: Envelope,
  keywords: readonly string[],
): EngineKeyPoint[] {
  if (task !== 'rl' && task !== 'di') return [];
  return engineKeyPoints(envelope.data, keywords) ?? [];
}
