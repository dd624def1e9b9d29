import { useState } from 'react';
import type { Sitting, SittingStep } from '../../../../shared/app-api';
import { sittingTotalNote } from '../../../../shared/sitting-counts';
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
import { retryCanHelp } from '../../lib/attempt-actions';

interface SittingSummaryViewProps {
  id: number;
  onDone: () => void;
  /** A failed answer's item opened to be recorded again: the sitting runs it. */
  onReopened: (sitting: Sitting) => void;
}

/** The end of a sitting: per task and overall, every item's status, the PDF and the CSV. */
export function SittingSummaryView({ id, onDone, onReopened }: SittingSummaryViewProps) {
  const summary = useApiQuery('sittings.summary', { id });
  const info = useAppInfo();
  const [saved, setSaved] = useState<string | null>(null);
  const pdf = useAction(async () => {
    setSaved(deliverExport(await api.call('sittings.pdf', { id }), info?.host));
  });
  const csv = useAction(async () => {
    setSaved(deliverExport(await api.call('sittings.csv', { id }), info?.host));
  });
  const fix = useAction(
    async (method: 'sittings.recordAgain' | 'sittings.markNoAnswer', position: number) => {
      const sitting = await api.call(method, { id, position });
      if (sitting.status === 'finished') summary.reload();
      else onReopened(sitting);
    },
  );
  const retry = useAction(async (attemptId: number) => {
    await api.call('attempts.retry', { id: attemptId });
    summary.reload();
  });
  const attemptIds = new Set(
    summary.data?.sitting.steps.flatMap((step) => (step.attempt ? [step.attempt.id] : [])),
  );
  // Scores arrive while the summary is open. Until its first answer comes, which answers are
  // its own is unknown, and a score that lands meanwhile (dictation's, within milliseconds)
  // may be missing from that answer: any change then loads it again.
  useAppEvent('attempt.changed', (attempt) => {
    if (!summary.data || attemptIds.has(attempt.id)) summary.reload();
  });
  const data = summary.data;
  return (
    <section className="card" aria-label="Sitting summary">
      <h2>Mock test summary{data ? ` · ${data.sitting.candidateName}` : ''}</h2>
      <Notice message={summary.error ?? pdf.error ?? csv.error ?? fix.error ?? retry.error} />
      {data && (
        <>
          <p className="summary-overall">
            Overall: <strong>{formatShare(data.overallShare)}</strong> of the maximum, from{' '}
            <strong>{sittingTotalNote(data)}</strong>
            <span className="muted">
              {' '}
              Each answer counts as a share of its maximum, and each task&apos;s mean weighs the
              same.
            </span>
          </p>
          {data.counts.failed > 0 && (
            <Notice
              kind="info"
              message={`${data.counts.failed} answer${data.counts.failed === 1 ? '' : 's'} could not be scored. Record ${data.counts.failed === 1 ? 'it' : 'them'} again while the candidate is here, or mark ${data.counts.failed === 1 ? 'it' : 'them'} "no answer".`}
            />
          )}
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
                <th>
                  <span className="visually-hidden">Actions</span>
                </th>
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
                    {step.attempt?.errorMessage && (
                      <div className="muted">{step.attempt.errorMessage}</div>
                    )}
                  </td>
                  <td>
                    {formatScoreOf(
                      step.attempt?.scores.overall ?? null,
                      step.attempt?.maxScores.overall ?? null,
                    )}
                  </td>
                  <td>
                    <FailedStepActions
                      step={step}
                      busy={fix.busy || retry.busy}
                      onRecordAgain={() => void fix.run('sittings.recordAgain', step.position)}
                      onNoAnswer={() => void fix.run('sittings.markNoAnswer', step.position)}
                      onRetry={() => void retry.run(step.attempt!.id)}
                    />
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
        <button type="button" className="button-secondary" onClick={() => void csv.run()}>
          {csv.busy ? 'Making the CSV…' : 'Download CSV'}
        </button>
        <button type="button" className="button-primary" onClick={onDone}>
          New mock test
        </button>
      </div>
    </section>
  );
}

interface FailedStepActionsProps {
  step: SittingStep;
  busy: boolean;
  onRecordAgain: () => void;
  onNoAnswer: () => void;
  onRetry: () => void;
}

/**
 * What can be done with an answer that will not be scored as it is: sent again only where
 * that can help (the server was away), else recorded again, or counted as no answer.
 */
function FailedStepActions({
  step,
  busy,
  onRecordAgain,
  onNoAnswer,
  onRetry,
}: FailedStepActionsProps) {
  const attempt = step.attempt;
  if (!attempt || (attempt.status !== 'failed_permanent' && attempt.status !== 'cancelled')) {
    return null;
  }
  return (
    <div className="row-actions">
      <button type="button" className="button-secondary" disabled={busy} onClick={onRecordAgain}>
        Record again
      </button>
      <button type="button" className="button-quiet" disabled={busy} onClick={onNoAnswer}>
        Mark &quot;no answer&quot;
      </button>
      {retryCanHelp(attempt) && (
        <button type="button" className="button-quiet" disabled={busy} onClick={onRetry}>
          Send again
        </button>
      )}
    </div>
  );
}
