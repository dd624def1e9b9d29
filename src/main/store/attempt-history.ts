import type { HistoryFilter } from '../../shared/app-api.js';
import type { Task } from '../../shared/contract/endpoints.js';
import { ATTEMPT_SUMMARY_SELECT, type AttemptSummaryRow } from './attempt-rows.js';
import type { Db } from './database.js';
import { filterSql, orderSql, pageSql } from './history-query.js';

export interface ProgressPoint {
  id: number;
  createdAt: string;
  overall: number;
  /** The overall score's maximum, when known. */
  max: number | null;
}

/** One page of history in the filter's order (newest first by default), keyed on the last id of the previous page. */
export function page(
  db: Db,
  filter: HistoryFilter,
  limit: number,
  beforeId?: number,
): { rows: AttemptSummaryRow[]; total: number } {
  const base = filterSql(filter);
  const paged = pageSql(filter, limit, beforeId);
  const rows = db
    .prepare<(string | number)[], AttemptSummaryRow>(`${ATTEMPT_SUMMARY_SELECT} ${paged.where}`)
    .all(...paged.params);
  const total = db
    .prepare<(string | number)[], { n: number }>(
      `SELECT count(*) AS n FROM attempts a ${base.joins} ${base.where}`,
    )
    .get(...base.params);
  return { rows, total: total?.n ?? 0 };
}

/** Every row of a filter in its order, without holding them all in memory. */
export function iterate(db: Db, filter: HistoryFilter): IterableIterator<AttemptSummaryRow> {
  const sql = filterSql(filter);
  return db
    .prepare<(string | number)[], AttemptSummaryRow>(
      `${ATTEMPT_SUMMARY_SELECT} ${sql.where} ${orderSql(filter)}`,
    )
    .iterate(...sql.params);
}

/**
 * A candidate's scored attempts of one task, oldest first, with their final overall (the
 * examiner's when they marked it): the points of a progress chart.
 */
export function scoredProgress(db: Db, candidateId: number, task: Task): ProgressPoint[] {
  return db
    .prepare<[number, Task], ProgressPoint>(
      `SELECT a.id, a.created_at AS createdAt, coalesce(m.overall, a.overall) AS overall,
           a.overall_max AS max
         FROM attempts a LEFT JOIN examiner_marks m ON m.attempt_id = a.id
         WHERE a.candidate_id = ? AND a.task = ? AND a.status = 'scored'
           AND coalesce(m.overall, a.overall) IS NOT NULL
         ORDER BY a.id`,
    )
    .all(candidateId, task);
}
