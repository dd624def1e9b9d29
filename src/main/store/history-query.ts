import type { HistoryFilter } from '../../shared/app-api.js';
import { foldText } from '../../shared/fold-text.js';

/** WHERE clause and parameters of a history filter, shared by paging, counting and export. */
export interface FilterSql {
  where: string;
  params: (string | number)[];
}

export function filterSql(filter: HistoryFilter): FilterSql {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  const add = (clause: string, value: string | number | undefined): void => {
    if (value === undefined) return;
    clauses.push(clause);
    params.push(value);
  };
  add('a.candidate_id = ?', filter.candidateId);
  add('a.item_id = ?', filter.itemId);
  add('a.task = ?', filter.task);
  add('a.status = ?', filter.status);
  add('a.created_at >= ?', filter.from);
  add('a.created_at <= ?', filter.to && endOfDay(filter.to));
  const search = filter.search ? foldText(filter.search) : '';
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;
    clauses.push(
      `(fold(c.name) LIKE ? ESCAPE '\\' OR fold(c.reference) LIKE ? ESCAPE '\\' OR fold(i.title) LIKE ? ESCAPE '\\')`,
    );
    params.push(pattern, pattern, pattern);
  }
  if (filter.review === 'moderated') clauses.push('m.attempt_id IS NOT NULL');
  if (filter.review === 'needs_review') clauses.push(NEEDS_REVIEW);
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/**
 * Scored, not yet marked by an examiner, and either scored with a caution or unscorable part
 * (component status 1 or 2), or an overall a fifth of the scale or more away from the
 * candidate's usual level in that task (one point on a scale of 5).
 */
const NEEDS_REVIEW = `(a.status = 'scored' AND m.attempt_id IS NULL AND (
  EXISTS (SELECT 1 FROM json_each(a.response_json, '$.data.components') k
    WHERE json_extract(k.value, '$.status') >= 1)
  OR abs(a.overall / a.overall_max - (
    SELECT avg(o.overall / o.overall_max) FROM attempts o
    WHERE o.candidate_id = a.candidate_id AND o.task = a.task AND o.status = 'scored'
      AND o.id <> a.id AND o.overall_max > 0)) >= 0.2))`;

export function withCursor(sql: FilterSql, beforeId: number | undefined): FilterSql {
  if (beforeId === undefined) return sql;
  const where = sql.where ? `${sql.where} AND a.id < ?` : 'WHERE a.id < ?';
  return { where, params: [...sql.params, beforeId] };
}

/** A bare date as the upper bound means "through the end of that day". */
function endOfDay(to: string): string {
  return /^\d{4}-\d{2}-\d{2}$/u.test(to) ? `${to}T23:59:59.999Z` : to;
}
