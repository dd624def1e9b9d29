import { useState } from 'react';
import { api } from '../../bridge';
import { Notice } from '../../components/Notice';
import { StatusBadge } from '../../components/StatusBadge';
import { useAction } from '../../hooks/use-action';
import { useApiQuery } from '../../hooks/use-api-query';
import { useAppEvent } from '../../hooks/use-app-event';
import { useAppInfo } from '../../hooks/use-app-info';
import { deliverExport } from '../../lib/export-file';
import { formatShare } from '../../../../shared/format-share';
import { formatScoreOf, taskTitle } from '../../lib/format';

/** The end of a sitting: per task and overall, every item's status, and the PDF. */
export function SittingSummaryView({ id, onDone }: { id: number; onDone: () => void }) {
  const summary = useApiQuery('sittings.summary', { id });
  const info = useAppInfo();
  const [saved, setSaved] = useState<string | null>(null);
  const pdf = useAction(async () => {
    setSaved(deliverExport(await api.call('sittings.pdf', { id }), info?.host));
  });
  const attemptIds = new Set(
    summary.data?.sitting.steps.flatMap((step) => (step.attempt ? [step.attempt.id] : [])),
  );
  // Scores arrive while the summary is open.
  useAppEvent('attempt.changed', (attempt) => {
    if (attemptIds.has(attempt.id)) summary.reload();
  });
  const data = summary.data;
  return (
    <section className="card" aria-label="Sitting summary">
      <h2>Mock test summary{data ? ` · ${data.sitting.candidateName}` : ''}</h2>
      <Notice message={summary.error ?? pdf.error} />
      {data && (
        <>
          <p className="summary-overall">
            Overall: <strong>{formatShare(data.overallShare)}</strong> of the maximum
            <span className="muted">
              {' '}
              (each answer as a share of its maximum; each task&apos;s mean weighs the same;
              unscored answers count once scored)
            </span>
            {data.pending > 0 && (
              <span className="muted"> · {data.pending} answer(s) still being scored</span>
            )}
          </p>
          <table className="table" aria-label="By task">
            <thead>
              <tr>
                <th>Task</th>
                <th>Answered</th>
                <th>Scored</th>
                <th>Mean, of the maximum</th>
              </tr>
            </thead>
            <tbody>
              {data.tasks.map((task) => (
                <tr key={task.task}>
                  <td>{taskTitle(task.task)}</td>
                  <td>{task.answered}</td>
                  <td>{task.scored}</td>
                  <td>{formatShare(task.meanShare)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="table" aria-label="Items of the sitting">
            <thead>
              <tr>
                <th>#</th>
                <th>Item</th>
                <th>Status</th>
                <th>Overall</th>
              </tr>
            </thead>
            <tbody>
              {data.sitting.steps.map((step) => (
                <tr key={step.position}>
                  <td>{step.position + 1}</td>
                  <td>{step.item.title}</td>
                  <td>
                    {step.attempt ? (
                      <StatusBadge
                        status={step.attempt.status}
                        nextRetryAt={step.attempt.nextRetryAt}
                      />
                    ) : (
                      <span className="muted">Not answered</span>
                    )}
                  </td>
                  <td>
                    {formatScoreOf(
                      step.attempt?.scores.overall ?? null,
                      step.attempt?.maxScores.overall ?? null,
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <Notice message={saved} kind="success" />
      <div className="form-actions">
        <button type="button" className="button-secondary" onClick={() => void pdf.run()}>
          {pdf.busy ? 'Making the PDF…' : 'Download PDF'}
        </button>
        <button type="button" className="button-primary" onClick={onDone}>
          New mock test
        </button>
      </div>
    </section>
  );
}
