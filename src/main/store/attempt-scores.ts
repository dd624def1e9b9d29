import type { ScoreKey } from '../../shared/app-api.js';

/** One attempt's five score columns: the engine's, an examiner's, or their maxima. */
export interface ScoreColumns {
  content: number | null;
  pronunciation: number | null;
  fluency: number | null;
  words: number | null;
  overall: number | null;
}

/** Every column empty: the start of a result's scores or maxima. */
export function noScores(): ScoreColumns {
  return { content: null, pronunciation: null, fluency: null, words: null, overall: null };
}

/** The columns read one by one, by score key, from a row. */
export function scoreColumnsOf(value: (key: ScoreKey) => number | null): ScoreColumns {
  return {
    content: value('content'),
    pronunciation: value('pronunciation'),
    fluency: value('fluency'),
    words: value('words'),
    overall: value('overall'),
  };
}
