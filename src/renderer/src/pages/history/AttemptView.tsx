import { useState } from 'react';
import type { AttemptDetail } from '../../../../shared/app-api';
import { isSpeakingTask } from '../../../../shared/contract/endpoints';
import { api } from '../../bridge';
import { AttemptResult } from '../../components/attempt/AttemptResult';
import { ExaminerMarkForm } from '../../components/attempt/ExaminerMarkForm';
import { useAttemptDetail } from '../../components/attempt/use-attempt-detail';
import { Modal } from '../../components/Modal';
import { Notice } from '../../components/Notice';
import { WaveformPlayer } from '../../components/player/WaveformPlayer';
import { StatusBadge } from '../../components/StatusBadge';
import { useAction } from '../../hooks/use-action';
import { useAppInfo } from '../../hooks/use-app-info';
import { deliverExport } from '../../lib/export-file';
import { formatDateTime, taskTitle } from '../../lib/format';

const NO_WORDS: never[] = [];
const IGNORE_POSITION = () => undefined;

export function AttemptView({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useAttemptDetail(id);
  const attempt = detail.data;
  return (
    <Modal
      title={attempt ? `${attempt.candidateName} · ${attempt.itemTitle}` : 'Attempt'}
      onClose={onClose}
      wide
    >
      <Notice message={detail.error} />
      {attempt && <AttemptBody attempt={attempt} />}
    </Modal>
  );
}

function AttemptBody({ attempt }: { attempt: AttemptDetail }) {
  const scored = attempt.status === 'scored';
  return (
    <div className="attempt-view">
      <dl className="facts">
        <dt>Task</dt>
        <dd>{taskTitle(attempt.task)}</dd>
        <dt>Status</dt>
        <dd>
          <StatusBadge status={attempt.status} nextRetryAt={attempt.nextRetryAt} />
        </dd>
        <dt>Recorded</dt>
        <dd>{formatDateTime(attempt.createdAt)}</dd>
        {attempt.typedAnswer !== null && (
          <>
            <dt>Answer</dt>
            <dd>{attempt.typedAnswer}</dd>
          </>
        )}
      </dl>
      {attempt.errorMessage && (
        <Notice
          message={attempt.errorMessage}
          kind={attempt.status === 'failed_retryable' ? 'info' : 'error'}
        />
      )}
      {!scored && isSpeakingTask(attempt.task) && attempt.audioPath && (
        <WaveformPlayer
          attemptId={attempt.id}
          words={NO_WORDS}
          task={attempt.task}
          onPosition={IGNORE_POSITION}
        />
      )}
      {scored && <AttemptResult attempt={attempt} />}
      {scored && <ExaminerMarkForm key={attempt.mark?.updatedAt ?? 'none'} attempt={attempt} />}
      {scored && <AttemptExport id={attempt.id} />}
    </div>
  );
}

function AttemptExport({ id }: { id: number }) {
  const host = useAppInfo()?.host;
  const [message, setMessage] = useState<string | null>(null);
  const exportPdf = useAction(async () => {
    setMessage(deliverExport(await api.call('export.attemptPdf', { id }), host));
  });
  return (
    <div className="form-actions">
      <Notice message={exportPdf.error} />
      <Notice message={message} kind="success" />
      <button
        type="button"
        className="button-secondary"
        disabled={exportPdf.busy}
        onClick={() => void exportPdf.run()}
      >
        Export PDF
      </button>
    </div>
  );
}
