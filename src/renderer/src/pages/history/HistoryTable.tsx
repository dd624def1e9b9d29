import { Fragment } from 'react';
import type { Attempt } from '../../../../shared/app-api';
import { ConfirmButton } from '../../components/ConfirmButton';
import { StatusBadge } from '../../components/StatusBadge';
import { finalOverall, formatDateTime, formatScoreOf, taskTitle } from '../../lib/format';
import { canCancel, retryCanHelp } from '../../lib/attempt-actions';

export interface RowActions {
  open: (attempt: Attempt) => void;
  retry: (id: number) => void;
  cancel: (id: number) => void;
  remove: (id: number) => void;
}

const COLUMNS = 8;

export function HistoryTable({ rows, actions }: { rows: Attempt[]; actions: RowActions }) {
  return (
    <table className="table" aria-label="Attempts">
      <thead>
        <tr>
          <th>When</th>
          <th>Candidate</th>
          <th>Item</th>
          <th>Task</th>
          <th>Status</th>
          <th className="numeric">Overall</th>
          <th>Review</th>
          <th>
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((attempt, index) => (
          <Fragment key={attempt.id}>
            {startsSitting(rows, index) && (
              <tr className="group-row">
                <th colSpan={COLUMNS} scope="rowgroup">
                  Mock test sitting {attempt.sittingId} · {attempt.candidateName}
                </th>
              </tr>
            )}
            <tr className={attempt.sittingId ? 'in-group' : undefined}>
              <td>{formatDateTime(attempt.createdAt)}</td>
              <td className="strong">{attempt.candidateName}</td>
              <td>{attempt.itemTitle}</td>
              <td>{taskTitle(attempt.task)}</td>
              <td>
                <StatusBadge status={attempt.status} nextRetryAt={attempt.nextRetryAt} />
              </td>
              <td className="numeric">
                {formatScoreOf(finalOverall(attempt).score, attempt.maxScores.overall)}
              </td>
              <td>{reviewText(attempt)}</td>
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

/** A sitting's answers are listed together; the first of them opens the group. */
function startsSitting(rows: Attempt[], index: number): boolean {
  const sittingId = rows[index]?.sittingId;
  return Boolean(sittingId) && rows[index - 1]?.sittingId !== sittingId;
}

function reviewText(attempt: Attempt): string {
  if (!attempt.mark) return attempt.status === 'scored' ? 'Not reviewed' : '';
  if (attempt.mark.confirmed) return 'Confirmed';
  return `Examiner (engine ${formatScoreOf(attempt.scores.overall, attempt.maxScores.overall)})`;
}
