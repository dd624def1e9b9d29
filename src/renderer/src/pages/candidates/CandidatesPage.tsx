import { useState } from 'react';
import type { Candidate } from '../../../../shared/app-api';
import { api } from '../../bridge';
import { EmptyState } from '../../components/EmptyState';
import { Modal } from '../../components/Modal';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { useAction } from '../../hooks/use-action';
import { useApiQuery } from '../../hooks/use-api-query';
import { useAppInfo } from '../../hooks/use-app-info';
import { deliverExport } from '../../lib/export-file';
import { formatDateTime } from '../../lib/format';
import { CandidateForm } from './CandidateForm';
import { DeleteCandidateDialog } from './DeleteCandidateDialog';
import type { PageProps } from '../page-props';

type Editing = { candidate: Candidate | null } | null;

export function CandidatesPage({ onOpenCandidate }: PageProps) {
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const [deleting, setDeleting] = useState<Candidate | null>(null);
  const candidates = useApiQuery('candidates.list', { search, includeArchived: showArchived });
  const host = useAppInfo()?.host;
  const archive = useAction(async (candidate: Candidate) => {
    const method = candidate.archivedAt ? 'candidates.restore' : 'candidates.archive';
    await api.call(method, { id: candidate.id });
    setMessage(
      candidate.archivedAt
        ? `${candidate.name} is restored.`
        : `${candidate.name} is archived: hidden from the lists, with every attempt and recording kept.`,
    );
    candidates.reload();
  });
  const report = useAction(async (id: number) => {
    setMessage(deliverExport(await api.call('export.candidatePdf', { id }), host));
  });

  const rows = candidates.data ?? [];
  const add = () => setEditing({ candidate: null });
  return (
    <section aria-labelledby="page-title">
      <PageHeader title="Candidates">
        <button type="button" className="button-primary" onClick={add}>
          Add candidate
        </button>
      </PageHeader>
      <div className="toolbar">
        <input
          type="search"
          aria-label="Search candidates"
          placeholder="Search by name or reference"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <label className="inline-label">
          <input
            type="checkbox"
            checked={showArchived}
            onChange={(e) => setShowArchived(e.target.checked)}
          />
          Show archived
        </label>
      </div>
      <Notice message={candidates.error ?? archive.error ?? report.error} />
      <Notice message={message} kind="success" onDismiss={() => setMessage(null)} />
      {!candidates.loading && rows.length === 0 && (
        <EmptyState
          title={search ? 'No candidates match your search' : 'No candidates yet — add one'}
        >
          {!search && (
            <button type="button" className="button-primary" onClick={add}>
              Add candidate
            </button>
          )}
        </EmptyState>
      )}
      {rows.length > 0 && (
        <table className="table" aria-label="Candidates">
          <thead>
            <tr>
              <th>Name</th>
              <th>Reference</th>
              <th>Notes</th>
              <th>Added</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((candidate) => (
              <tr key={candidate.id} className={candidate.archivedAt ? 'row-archived' : undefined}>
                <td className="strong">
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => onOpenCandidate?.(candidate.id)}
                  >
                    {candidate.name}
                  </button>
                  {candidate.archivedAt && <span className="badge badge-archived">Archived</span>}
                </td>
                <td>{candidate.reference}</td>
                <td className="clip">{candidate.notes}</td>
                <td>{formatDateTime(candidate.createdAt)}</td>
                <td className="row-actions">
                  <button
                    type="button"
                    className="button-quiet"
                    onClick={() => setEditing({ candidate })}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="button-quiet"
                    disabled={report.busy}
                    onClick={() => void report.run(candidate.id)}
                  >
                    Report PDF
                  </button>
                  <button
                    type="button"
                    className="button-quiet"
                    disabled={archive.busy}
                    onClick={() => void archive.run(candidate)}
                  >
                    {candidate.archivedAt ? 'Restore' : 'Archive'}
                  </button>
                  <button
                    type="button"
                    className="button-quiet button-quiet-danger"
                    onClick={() => setDeleting(candidate)}
                  >
                    Delete data…
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {deleting && (
        <DeleteCandidateDialog
          candidate={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setMessage(`${deleting.name}’s data is deleted.`);
            setDeleting(null);
            candidates.reload();
          }}
        />
      )}
      {editing && (
        <Modal
          title={editing.candidate ? 'Edit candidate' : 'Add candidate'}
          onClose={() => setEditing(null)}
        >
          <CandidateForm
            candidate={editing.candidate}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              candidates.reload();
            }}
          />
        </Modal>
      )}
    </section>
  );
}
