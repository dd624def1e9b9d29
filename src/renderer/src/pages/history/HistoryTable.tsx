import { Fragment } from 'react';
import type { Attempt, HistoryFilter, HistorySortColumn } from '../../../../shared/app-api';
import { ConfirmButton } from '../../components/ConfirmButton';
import { StatusBadge } from '../../components/StatusBadge';
import { finalOverall, formatDateTime, formatScoreOf, taskTitle } from '../../lib/format';
import { canCancel, retryCanHelp } from '../../lib/attempt-actions';

export interface RowActions {
  open: (attempt: Attempt) => void;
  openCandidate: (id: number) => void;
  showSitting: (id: number) => void;
  retry: (id: number) => void;
  cancel: (id: number) => void;
  remove: (id: number) => void;
}

const COLUMNS = 9;

export type HistorySort = NonNullable<HistoryFilter['sort']>;

const SORTABLE: [HistorySortColumn, string, string?][] = [
  ['when', 'When'],
  ['candidate', 'Candidate'],
  ['item', 'Item'],
  ['task', 'Task'],
  ['status', 'Status'],
  ['overall', 'Overall', 'numeric'],
  ['sitting', 'Sitting'],
];

interface HistoryTableProps {
  rows: Attempt[];
  actions: RowActions;
  /** The order shown; newest first when absent. */
  sort: HistorySort | undefined;
  onSort: (sort: HistorySort | undefined) => void;
}

export function HistoryTable({ rows, actions, sort, onSort }: HistoryTableProps) {
  // A sitting's rows stay together only in the orders that keep them together.
  const grouped = !sort || sort.column === 'sitting';
  return (
    <table className="table" aria-label="Attempts">
      <thead>
        <tr>
          {SORTABLE.map(([column, label, className]) => (
            <SortHeader
              key={column}
              column={column}
              label={label}
              className={className}
              sort={sort}
              onSort={onSort}
            />
          ))}
          <th>Review</th>
          <th>
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((attempt, index) => (
          <Fragment key={attempt.id}>
            {grouped && startsSitting(rows, index) && (
              <tr className="group-row">
                <th colSpan={COLUMNS} scope="rowgroup">
                  Mock test sitting {attempt.sittingId} · {attempt.candidateName}
                </th>
              </tr>
            )}
            <tr className={grouped && attempt.sittingId ? 'in-group' : undefined}>
              <td>{formatDateTime(attempt.createdAt)}</td>
              <td className="strong">
                <button
                  type="button"
                  className="link-button"
                  onClick={() => actions.openCandidate(attempt.candidateId)}
                >
                  {attempt.candidateName}
                </button>
              </td>
              <td>{attempt.itemTitle}</td>
              <td>{taskTitle(attempt.task)}</td>
              <td>
                <StatusBadge status={attempt.status} nextRetryAt={attempt.nextRetryAt} />
              </td>
              <td className="numeric">
                {formatScoreOf(finalOverall(attempt).score, attempt.maxScores.overall)}
              </td>
              <td>
                {attempt.sittingId !== null && (
                  <button
                    type="button"
                    className="link-button"
                    title="Show only this sitting"
                    onClick={() => actions.showSitting(attempt.sittingId as number)}
                  >
                    Sitting {attempt.sittingId}
                  </button>
                )}
              </td>
              <td>
                {reviewText(attempt)}
                {attempt.keyPoints && (
                  <span className="muted review-key-points">
                    {' '}
                    · {keyPointText(attempt.keyPoints)}
                  </span>
                )}
                {attempt.wordsSaid && (
                  <span className="muted review-words-said">
                    {' '}
                    · {wordsSaidText(attempt.wordsSaid)}
                  </span>
                )}
              </td>
              <td className="row-actions">
                <button
                  type="button"
                  className="button-quiet"
                  onClick={() => actions.open(attempt)}
                >
                  Open
                </button>
                {retryCanHelp(attempt) && (
                  <button
                    type="button"
                    className="button-quiet"
                    onClick={() => actions.retry(attempt.id)}
                  >
                    Retry
                  </button>
                )}
                {canCancel(attempt.status) && (
                  <button
                    type="button"
                    className="button-quiet"
                    onClick={() => actions.cancel(attempt.id)}
                  >
                    Cancel
                  </button>
                )}
                <ConfirmButton
                  label="Delete"
                  confirmLabel="Delete attempt"
                  onConfirm={() => actions.remove(attempt.id)}
                />
              </td>
            </tr>
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A column header that sorts: first click descending for When and Overall (newest, best
 * first), ascending for the others; a second click reverses; a third goes back to newest first.
 */
function SortHeader({
  column,
  label,
  className,
  sort,
  onSort,
}: {
  column: HistorySortColumn;
  label: string;
  className: string | undefined;
  sort: HistorySort | undefined;
  onSort: (sort: HistorySort | undefined) => void;
}) {
  const first = column === 'when' || column === 'overall' ? 'desc' : 'asc';
  const current =
    sort?.column === column ? sort.direction : column === 'when' && !sort ? 'desc' : null;
  const next = (): HistorySort | undefined => {
    if (current === null) return { column, direction: first };
    if (current === first) return { column, direction: first === 'asc' ? 'desc' : 'asc' };
    return undefined;
  };
  return (
    <th
      className={className}
      aria-sort={current === null ? 'none' : current === 'asc' ? 'ascending' : 'descending'}
    >
      <button type="button" className="sort-button" onClick={() => onSort(next())}>
        {label}
        <span className="sort-mark" aria-hidden="true">
          {current === null ? '↕' : current === 'asc' ? '▲' : '▼'}
        </span>
      </button>
    </th>
  );
}

/** A sitting's answers are listed together; the first of them opens the group. */
function startsSitting(rows: Attempt[], index: number): boolean {
  const sittingId = rows[index]?.sittingId;
  return Boolean(sittingId) && rows[index - 1]?.sittingId !== sittingId;
}

/** rl, di: "key points: examiner 5 of 6, engine 2", or the engine's alone until marked. */
function keyPointText(counts: NonNullable<Attempt['keyPoints']>): string {
  return counts.examinerHeard === null
    ? `key points: engine ${counts.engineHeard} of ${counts.total}`
    : `key points: examiner ${counts.examinerHeard} of ${counts.total}, engine ${counts.engineHeard}`;
}

/** rs, once the examiner marked the words: "words said: examiner 5 of 7, engine 6". */
function wordsSaidText(counts: NonNullable<Attempt['wordsSaid']>): string {
  return `words said: examiner ${counts.examinerSaid} of ${counts.total}, engine ${counts.engineSaid}`;
}

function reviewText(attempt: Attempt): string {
  if (!attempt.mark) {
    if (attempt.status !== 'scored') return '';
    const unsure = attempt.unsureWords;
    if (unsure === 0) return 'Not reviewed';
    return `Not reviewed · ${unsure} word${unsure === 1 ? '' : 's'} to listen to`;
  }
  if (attempt.mark.confirmed) return 'Confirmed';
  return `Examiner (engine ${formatScoreOf(attempt.scores.overall, attempt.maxScores.overall)})`;
}
