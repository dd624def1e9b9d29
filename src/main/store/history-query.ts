import {
  ATTEMPT_STATUSES,
  type HistoryFilter,
  type HistorySortColumn,
} from '../../shared/app-api.js';
import { TASK_TITLES, TASKS } from '../../shared/contract/endpoints.js';
import { foldText } from '../../shared/fold-text.js';

/** WHERE clause and parameters of a history filter, shared by paging, counting and export. */
export interface FilterSql {
  where: string;
  params: (string | number)[];
  /** The joins the WHERE clause needs, for a count that reads no more tables than it must. */
  joins: string;
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
  add('a.id IN (SELECT attempt_id FROM sitting_items WHERE sitting_id = ?)', filter.sittingId);
  add('a.created_at >= ?', filter.from);
  add('a.created_at <= ?', filter.to && endOfDay(filter.to));
  const search = filter.search ? foldText(filter.search) : '';
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;
    // Candidates and items are few: match them once, then pick their attempts by index.
    clauses.push(
      `(a.candidate_id IN (SELECT id FROM candidates
          WHERE fold(name) LIKE ? ESCAPE '\\' OR fold(reference) LIKE ? ESCAPE '\\')
        OR a.item_id IN (SELECT id FROM items WHERE fold(title) LIKE ? ESCAPE '\\'))`,
    );
    params.push(pattern, pattern, pattern);
  }
  if (filter.review === 'moderated') clauses.push('m.attempt_id IS NOT NULL');
  if (filter.review === 'needs_review') clauses.push(NEEDS_REVIEW);
  const joins = filter.review ? 'LEFT JOIN examiner_marks m ON m.attempt_id = a.id' : '';
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params, joins };
}

/**
 * Scored, not yet marked by an examiner, and either scored with a caution or unscorable part
 * (component status 1 or 2), (rs) with a word the engine is unsure about, or an overall a
 * fifth of the scale or more away from the candidate's usual level in that task (one point on
 * a scale of 5).
 */
const NEEDS_REVIEW = `(a.status = 'scored' AND m.attempt_id IS NULL AND (
  a.result_status >= 1
  OR a.unsure_words > 0
  OR a.id IN (
    SELECT o.id FROM attempts o
    JOIN (SELECT candidate_id, task, sum(overall / overall_max) AS total, count(*) AS n
          FROM attempts WHERE status = 'scored' AND overall_max > 0
          GROUP BY candidate_id, task) usual
      ON usual.candidate_id = o.candidate_id AND usual.task = o.task
    WHERE o.status = 'scored' AND o.overall_max > 0 AND usual.n > 1
      AND abs(o.overall / o.overall_max
        - (usual.total - o.overall / o.overall_max) / (usual.n - 1)) >= 0.2)))`;

/** One value per attempt to sort on, reading only `a`'s row so that a cursor can reuse it. */
const SORT_VALUES: Record<HistorySortColumn, string> = {
  when: 'a.id',
  candidate: rankOf('candidates', 'name', 'a.candidate_id'),
  item: rankOf('items', 'title', 'a.item_id'),
  task: caseOf(
    'a.task',
    [...TASKS].sort((x, y) => TASK_TITLES[x].localeCompare(TASK_TITLES[y])),
  ),
  status: caseOf('a.status', ATTEMPT_STATUSES),
  // The final overall as a share of its maximum, so tasks on different scales compare;
  // unscored attempts sort below every score.
  overall: `coalesce(coalesce((SELECT overall FROM examiner_marks WHERE attempt_id = a.id), a.overall)
    / nullif(a.overall_max, 0), -1)`,
  sitting: 'coalesce((SELECT sitting_id FROM sitting_items WHERE attempt_id = a.id), 0)',
};

/**
 * A candidate's or item's place in the folded alphabetical order ("Zoë" with "Zoe"): the
 * ranking is computed once per query, not folded again for every attempt.
 */
function rankOf(table: string, column: string, key: string): string {
  return `(SELECT r.rank FROM (SELECT id, row_number() OVER (ORDER BY fold(${column}), id) AS rank
    FROM ${table}) r WHERE r.id = ${key})`;
}

function caseOf(column: string, order: readonly string[]): string {
  return `CASE ${column} ${order.map((value, i) => `WHEN '${value}' THEN ${i}`).join(' ')} END`;
}

function sortOf(filter: HistoryFilter): { value: string; desc: boolean } {
  const sort = filter.sort ?? { column: 'when', direction: 'desc' };
  return { value: SORT_VALUES[sort.column], desc: sort.direction === 'desc' };
}

/** ORDER BY for a filter's sort, the id breaking ties so that every page has one order. */
export function orderSql(filter: HistoryFilter): string {
  const { value, desc } = sortOf(filter);
  const direction = desc ? 'DESC' : 'ASC';
  return `ORDER BY ${value} ${direction}, a.id ${direction}`;
}

/** The rows after the cursor's row in the filter's order (keyset paging on sort value and id). */
export function withCursor(
  sql: FilterSql,
  beforeId: number | undefined,
  filter: HistoryFilter = {},
): FilterSql {
  if (beforeId === undefined) return sql;
  const { value, desc } = sortOf(filter);
  // By id alone (newest first, the default) the cursor is a plain range on the primary key.
  const after =
    value === 'a.id'
      ? `a.id ${desc ? '<' : '>'} ?`
      : `(${value}, a.id) ${desc ? '<' : '>'} (SELECT ${value}, a.id FROM attempts a WHERE a.id = ?)`;
  const where = sql.where ? `${sql.where} AND ${after}` : `WHERE ${after}`;
  return { ...sql, where, params: [...sql.params, beforeId] };
}

/**
 * The WHERE clause of one page of `limit` rows after the cursor. Sorted by anything but the
 * id, the page's ids are picked first by the sort value alone, so that the full row (its
 * joins, its sitting) is read for those rows only and not for every row sorted.
 */
export function pageSql(filter: HistoryFilter, limit: number, beforeId?: number): FilterSql {
  const paged = withCursor(filterSql(filter), beforeId, filter);
  if (sortOf(filter).value === 'a.id') {
    return {
      ...paged,
      where: `${paged.where} ${orderSql(filter)} LIMIT ?`,
      params: [...paged.params, limit],
    };
  }
  const ids = `SELECT a.id FROM attempts a ${paged.joins} ${paged.where} ${orderSql(filter)} LIMIT ?`;
  return {
    ...paged,
    where: `WHERE a.id IN (${ids}) ${orderSql(filter)}`,
    params: [...paged.params, limit],
  };
}

/** A bare date as the upper bound means "through the end of that day". */
function endOfDay(to: string): string {
  return /^\d{4}-\d{2}-\d{2}$/u.test(to) ? `${to}T23:59:59.999Z` : to;
}
