import { useState } from 'react';
import type { Candidate } from '../../../../shared/app-api';
import { foldText } from '../../../../shared/fold-text';
import { api } from '../../bridge';
import { Modal } from '../../components/Modal';
import { Notice } from '../../components/Notice';
import { useAction } from '../../hooks/use-action';
import { useApiQuery } from '../../hooks/use-api-query';
import { useAppInfo } from '../../hooks/use-app-info';
import { deliverExport } from '../../lib/export-file';

interface DeleteCandidateDialogProps {
  candidate: Candidate;
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * Real deletion, separate from archiving: it names what goes (attempts, recordings, size),
 * offers the candidate's exports first, and needs the candidate's name typed to confirm.
 */
export function DeleteCandidateDialog({
  candidate,
  onClose,
  onDeleted,
}: DeleteCandidateDialogProps) {
  const summary = useApiQuery('candidates.deletionSummary', { id: candidate.id });
  const host = useAppInfo()?.host;
  const [typed, setTyped] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const exportFirst = useAction(async (kind: 'pdf' | 'csv') => {
    const result =
      kind === 'pdf'
        ? await api.call('export.candidatePdf', { id: candidate.id })
        : await api.call('export.csv', { candidateId: candidate.id });
    setMessage(deliverExport(result, host));
  });
  const remove = useAction(async () => {
    await api.call('candidates.delete', { id: candidate.id, confirm: typed });
    onDeleted();
  });
  const data = summary.data;
  const matches = foldText(typed) === foldText(candidate.name);
  return (
    <Modal title={`Delete ${candidate.name}’s data`} onClose={onClose}>
      <Notice message={summary.error ?? exportFirst.error ?? remove.error} />
      {data && (
        <p data-testid="deletion-summary">
          This deletes <strong>{plural(data.attempts, 'attempt')}</strong> and{' '}
          <strong>{plural(data.recordings, 'recording')}</strong> (
          {(data.bytes / 1_000_000).toFixed(2)} MB) for good. It cannot be undone. To keep them out
          of the lists instead, archive the candidate.
        </p>
      )}
      <p>Export their record first:</p>
      <div className="form-actions">
        <button
          type="button"
          className="button-secondary"
          onClick={() => void exportFirst.run('pdf')}
        >
          Export report PDF
        </button>
        <button
          type="button"
          className="button-secondary"
          onClick={() => void exportFirst.run('csv')}
        >
          Export attempts CSV
        </button>
      </div>
      <Notice message={message} kind="success" />
      <label>
        Type <strong>{candidate.name}</strong> to confirm
        <input
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          aria-label="Candidate's name, to confirm"
        />
      </label>
      <div className="form-actions">
        <button type="button" className="button-quiet" onClick={onClose}>
          Keep
        </button>
        <button
          type="button"
          className="button-danger"
          disabled={!matches || remove.busy}
          onClick={() => void remove.run()}
        >
          Delete for good
        </button>
      </div>
    </Modal>
  );
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
