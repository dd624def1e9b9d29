import type { HistoryFilter } from '../../shared/app-api.js';

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
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

export function withCursor(sql: FilterSql, beforeId: number | undefined): FilterSql {
  if (beforeId === undefined) return sql;
  const where = sql.where ? `${sql.where} AND a.id < ?` : 'WHERE a.id < ?';
  return { where, params: [...sql.params, beforeId] };
}

/** A bare date as the upper bound means "through the end of that day". */
function endOfDay(to: string): string {
  return /^\d{4}-\d{2}-\d{2}$/u.test(to) ? `${to}T23:59:59.999Z` : to;
}
