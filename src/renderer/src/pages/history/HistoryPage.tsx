import { useState } from 'react';
import type { HistoryFilter } from '../../../../shared/app-api';
import { api } from '../../bridge';
import { EmptyState } from '../../components/EmptyState';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { useAction } from '../../hooks/use-action';
import { useAppEvent } from '../../hooks/use-app-event';
import { useAppInfo } from '../../hooks/use-app-info';
import { deliverExport } from '../../lib/export-file';
import type { PageProps } from '../page-props';
import { AttemptView } from './AttemptView';
import { HistoryFilters } from './HistoryFilters';
import { HistoryFooter } from './HistoryFooter';
import { HistoryTable, type RowActions } from './HistoryTable';
import { useHistory } from './use-history';

export function HistoryPage({ onNavigate, onOpenCandidate }: PageProps) {
  const [filter, setFilter] = useState<HistoryFilter>({});
  const [openId, setOpenId] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const history = useHistory(filter);
  const host = useAppInfo()?.host;
  const act = useAction(async (perform: () => Promise<unknown>) => {
    await perform();
  });
  // A failed Retry or Cancel no longer applies once the attempt has moved on.
  useAppEvent('attempt.changed', act.clearError);
  const exportCsv = useAction(async () =>
    setMessage(deliverExport(await api.call('export.csv', filter), host)),
  );

  const actions: RowActions = {
    open: (attempt) => setOpenId(attempt.id),
    openCandidate: (id) => onOpenCandidate?.(id),
    showSitting: (sittingId) => setFilter((current) => ({ ...current, sittingId })),
    retry: (id) => void act.run(() => api.call('attempts.retry', { id })),
    cancel: (id) => void act.run(() => api.call('attempts.cancel', { id })),
    remove: (id) =>
      void act.run(async () => {
        await api.call('attempts.delete', { id });
        history.reload();
      }),
  };
  const { sort, ...narrowing } = filter;
  const filtered = Object.values(narrowing).some((value) => value !== undefined);
  const empty = !history.loading && history.rows.length === 0;
  return (
    <section aria-labelledby="page-title">
      <PageHeader title="History">
        <button
          type="button"
          className="button-secondary"
          disabled={exportCsv.busy}
          onClick={() => void exportCsv.run()}
        >
          Export CSV
        </button>
      </PageHeader>
      <HistoryFilters filter={filter} onChange={setFilter} />
      <Notice message={history.error ?? act.error ?? exportCsv.error} />
      <Notice message={message} kind="success" onDismiss={() => setMessage(null)} />
      {empty && (
        <EmptyState
          title={
            filtered ? 'No attempts match these filters' : 'No attempts yet — score an answer first'
          }
        >
          {!filtered && (
            <button type="button" className="button-primary" onClick={() => onNavigate('score')}>
              Go to Score
            </button>
          )}
        </EmptyState>
      )}
      {history.rows.length > 0 && (
        <>
          <HistoryTable
            rows={history.rows}
            actions={actions}
            sort={sort}
            onSort={(next) => setFilter((current) => ({ ...current, sort: next }))}
          />
          <HistoryFooter history={history} />
        </>
      )}
      {openId !== null && <AttemptView id={openId} onClose={() => setOpenId(null)} />}
    </section>
  );
}
