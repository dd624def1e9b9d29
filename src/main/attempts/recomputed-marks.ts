import type { AttemptRow } from '../store/attempt-rows.js';

/**
 * The delivery marks a recomputed content mark goes with: the examiner's own pronunciation and
 * fluency when they entered some (a mark that is more than a confirmation), else the engine's.
 */
export function deliveryMarks(row: AttemptRow): { pronunciation: number; fluency: number } {
  const own = row.mark_confirmed === 0;
  return {
    pronunciation: (own ? row.mark_pronunciation : null) ?? row.pronunciation ?? 0,
    fluency: (own ? row.mark_fluency : null) ?? row.fluency ?? 0,
  };
}

/** Whether recomputed content and delivery marks are the engine's own scores. */
export function sameScoresAsEngine(
  row: AttemptRow,
  marks: { content: number; pronunciation: number; fluency: number },
): boolean {
  return (
    marks.content === row.content &&
    marks.pronunciation === row.pronunciation &&
    marks.fluency === row.fluency
  );
}
