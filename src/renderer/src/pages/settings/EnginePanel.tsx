import { useState } from 'react';
import { api } from '../../bridge';
import { Notice } from '../../components/Notice';
import { useAction } from '../../hooks/use-action';
import { useApiQuery } from '../../hooks/use-api-query';
import { useAppEvent } from '../../hooks/use-app-event';

const STATE_LABELS = {
  starting: 'Starting',
  ready: 'Ready',
  restarting: 'Restarting',
  stopped: 'Stopped',
  remote: 'Using the remote server',
} as const;

export function EnginePanel() {
  const status = useApiQuery('engine.status', {});
  useAppEvent('engine.status', (next) => status.setData(() => next));
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const test = useAction(async () => setResult(await api.call('settings.testConnection', {})));
  const engine = status.data;
  return (
    <section className="card" aria-label="Scoring service status">
      <h2>Status</h2>
      {engine && (
        <dl className="facts">
          <dt>State</dt>
          <dd>
            <span className={`badge engine-${engine.state}`}>{STATE_LABELS[engine.state]}</span>
          </dd>
          <dt>Address</dt>
          <dd>{engine.baseUrl ?? '—'}</dd>
          {engine.detail && (
            <>
              <dt>Detail</dt>
              <dd>{engine.detail}</dd>
            </>
          )}
        </dl>
      )}
      <Notice message={status.error ?? test.error} />
      {result && <Notice message={result.message} kind={result.ok ? 'success' : 'error'} />}
      <div className="form-actions">
        <button
          type="button"
          className="button-secondary"
          disabled={test.busy}
          onClick={() => void test.run()}
        >
          {test.busy ? 'Testing…' : 'Test connection'}
        </button>
      </div>
    </section>
  );
}
