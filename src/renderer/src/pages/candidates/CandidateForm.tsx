import { useState, type FormEvent } from 'react';
import type { Candidate } from '../../../../shared/app-api';
import { Notice } from '../../components/Notice';
import { api } from '../../bridge';
import { useAction } from '../../hooks/use-action';

interface CandidateFormProps {
  candidate: Candidate | null;
  onSaved: (candidate: Candidate) => void;
  onCancel: () => void;
}

export function CandidateForm({ candidate, onSaved, onCancel }: CandidateFormProps) {
  const [name, setName] = useState(candidate?.name ?? '');
  const [reference, setReference] = useState(candidate?.reference ?? '');
  const [notes, setNotes] = useState(candidate?.notes ?? '');
  const save = useAction(async () => {
    const input = { name, reference, notes };
    const saved = candidate
      ? await api.call('candidates.update', { ...input, id: candidate.id })
      : await api.call('candidates.create', input);
    onSaved(saved);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run();
  };
  return (
    <form className="form" onSubmit={submit}>
      <label>
        Name
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          maxLength={200}
          autoFocus
        />
      </label>
      <label>
        Reference
        <input
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          maxLength={100}
          placeholder="e.g. candidate number"
        />
      </label>
      <label>
        Notes
        <textarea
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          rows={4}
          maxLength={5000}
        />
      </label>
      <Notice message={save.error} />
      <div className="form-actions">
        <button type="button" className="button-quiet" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button-primary" disabled={save.busy}>
          {candidate ? 'Save changes' : 'Add candidate'}
        </button>
      </div>
    </form>
  );
}
