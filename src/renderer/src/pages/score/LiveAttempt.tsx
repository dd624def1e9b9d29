import type { Attempt } from '../../../../shared/app-api';
import { api } from '../../bridge';
import { AttemptResult } from '../../components/attempt/AttemptResult';
import { useAttemptDetail } from '../../components/attempt/use-attempt-detail';
import { Notice } from '../../components/Notice';
import { StatusBadge } from '../../components/StatusBadge';
import { useAction } from '../../hooks/use-action';
import { canCancel, retryCanHelp } from '../../lib/attempt-actions';
import { isRecordingFault } from '../../../../shared/recording-faults';

const WAITING = new Set(['recorded', 'queued', 'scoring']);

/**
 * The attempt just submitted, followed live until it is scored or fails. It is read
 * again once mounted, since it may have changed before this view subscribed.
 */
export function LiveAttempt({ initial }: { initial: Attempt }) {
  const detail = useAttemptDetail(initial.id);
  const attempt = detail.data ?? initial;
  const act = useAction(async (action: 'attempts.retry' | 'attempts.cancel') => {
    await api.call(action, { id: attempt.id });
    detail.reload();
  });
  return (
    <section className="card live-attempt" aria-label="Latest attempt" aria-live="polite">
      <header className="live-header">
        <h2>
          {attempt.candidateName} · {attempt.itemTitle}
        </h2>
        <StatusBadge status={attempt.status} nextRetryAt={attempt.nextRetryAt} />
      </header>
      {WAITING.has(attempt.status) && <p className="muted working">Scoring the answer…</p>}
      {attempt.errorMessage && (
        <Notice
          message={attempt.errorMessage}
          kind={attempt.status === 'failed_retryable' ? 'info' : 'error'}
        />
      )}
      {isRecordingFault(attempt.errorMessage) && (
        <p className="muted">
          Sending this recording again cannot help: record the answer again above, while the
          candidate is here.
        </p>
      )}
      <Notice message={act.error ?? detail.error} />
      <div className="form-actions">
        {canCancel(attempt.status) && (
          <button
            type="button"
            className="button-quiet"
            onClick={() => void act.run('attempts.cancel')}
          >
            Cancel scoring
          </button>
        )}
        {retryCanHelp(attempt) && (
          <button
            type="button"
            className="button-secondary"
            onClick={() => void act.run('attempts.retry')}
          >
            Retry now
          </button>
        )}
      </div>
      {detail.data?.status === 'scored' && <AttemptResult attempt={detail.data} />}
    </section>
  );
}
