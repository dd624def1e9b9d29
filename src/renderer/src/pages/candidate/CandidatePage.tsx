import { useState } from 'react';
import type { TaskProgress } from '../../../../shared/app-api';
import { api } from '../../bridge';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { useAction } from '../../hooks/use-action';
import { useApiQuery } from '../../hooks/use-api-query';
import { useAppInfo } from '../../hooks/use-app-info';
import { deliverExport } from '../../lib/export-file';
import { formatScoreOf, taskTitle } from '../../lib/format';
import { AttemptView } from '../history/AttemptView';
import { HistoryFooter } from '../history/HistoryFooter';
import { HistoryTable, type HistorySort, type RowActions } from '../history/HistoryTable';
import { useHistory } from '../history/use-history';
import { ProgressChart } from './ProgressChart';

interface CandidatePageProps {
  id: number;
  onBack: () => void;
  onOpenCandidate: (id: number) => void;
}

/** One candidate: their progress per task over time, and every attempt they made. */
export function CandidatePage({ id, onBack, onOpenCandidate }: CandidatePageProps) {
  const candidates = useApiQuery('candidates.list', { search: '', includeArchived: true });
  const candidate = candidates.data?.find((c) => c.id === id);
  const progress = useApiQuery('candidates.progress', { id });
  const [sort, setSort] = useState<HistorySort | undefined>();
  const history = useHistory({ candidateId: id, sort });
  const [openId, setOpenId] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const host = useAppInfo()?.host;
  const act = useAction(async (perform: () => Promise<unknown>) => {
    await perform();
  });
  const report = useAction(async () =>
    setMessage(deliverExport(await api.call('export.candidatePdf', { id }), host)),
  );
  const actions: RowActions = {
    open: (attempt) => setOpenId(attempt.id),
    openCandidate: (other) => other !== id && onOpenCandidate(other),
    showSitting: () => undefined,
    retry: (attemptId) => void act.run(() => api.call('attempts.retry', { id: attemptId })),
    cancel: (attemptId) => void act.run(() => api.call('attempts.cancel', { id: attemptId })),
    remove: (attemptId) =>
      void act.run(async () => {
        await api.call('attempts.delete', { id: attemptId });
        history.reload();
        progress.reload();
      }),
  };
  return (
    <section aria-labelledby="page-title">
      <PageHeader title={candidate?.name ?? 'Candidate'}>
        <button type="button" className="button-secondary" onClick={onBack}>
          Back
        </button>
        <button
          type="button"
          className="button-secondary"
          disabled={report.busy}
          onClick={() => void report.run()}
        >
          Report PDF
        </button>
      </PageHeader>
      {candidate && (
        <p className="muted">
          {candidate.reference && <>Reference {candidate.reference} · </>}
          {candidate.notes || 'No notes'}
        </p>
      )}
      <Notice
        message={candidates.error ?? progress.error ?? history.error ?? act.error ?? report.error}
      />
      <Notice message={message} kind="success" onDismiss={() => setMessage(null)} />
      <h2>Progress per task</h2>
      {progress.data && (
        <>
          <TaskSummaries progress={progress.data} />
          <ProgressChart progress={progress.data} />
        </>
      )}
      <h2>Attempts</h2>
      {!history.loading && history.rows.length === 0 && <p className="muted">No attempts yet.</p>}
      {history.rows.length > 0 && (
        <>
          <HistoryTable rows={history.rows} actions={actions} sort={sort} onSort={setSort} />
          <HistoryFooter history={history} />
        </>
      )}
      {openId !== null && <AttemptView id={openId} onClose={() => setOpenId(null)} />}
    </section>
  );
}

/** Per task: how many scored attempts, the latest and the best final overall. */
function TaskSummaries({ progress }: { progress: TaskProgress[] }) {
  const tasks = progress.filter((task) => task.points.length > 0);
  if (tasks.length === 0) return null;
  return (
    <table className="table table-compact" aria-label="Progress per task">
      <thead>
        <tr>
          <th>Task</th>
          <th className="numeric">Scored attempts</th>
          <th className="numeric">First</th>
          <th className="numeric">Latest</th>
          <th className="numeric">Best</th>
        </tr>
      </thead>
      <tbody>
        {tasks.map(({ task, points }) => {
          const share = (p: (typeof points)[number]) => (p.max ? p.overall / p.max : 0);
          const best = points.reduce((top, p) => (share(p) > share(top) ? p : top));
          const first = points[0]!;
          const latest = points.at(-1)!;
          return (
            <tr key={task}>
              <td>{taskTitle(task)}</td>
              <td className="numeric">{points.length}</td>
              <td className="numeric">{formatScoreOf(first.overall, first.max)}</td>
              <td className="numeric">{formatScoreOf(latest.overall, latest.max)}</td>
              <td className="numeric">{formatScoreOf(best.overall, best.max)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
