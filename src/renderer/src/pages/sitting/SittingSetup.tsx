import { useState } from 'react';
import type { Item, Sitting } from '../../../../shared/app-api';
import { EXAM_ORDER } from '../../../../shared/exam-order';
import { api } from '../../bridge';
import { EmptyState } from '../../components/EmptyState';
import { Notice } from '../../components/Notice';
import { useAction } from '../../hooks/use-action';
import { useApiQuery } from '../../hooks/use-api-query';
import { taskTitle } from '../../lib/format';
import type { PageProps } from '../page-props';

interface SittingSetupProps extends PageProps {
  onStarted: (sitting: Sitting) => void;
}

/** Choose the candidate and the items: by hand, one of each task, or a saved test form. */
export function SittingSetup({ onStarted, onNavigate }: SittingSetupProps) {
  const candidates = useApiQuery('candidates.list', { search: '' });
  const items = useApiQuery('items.list', {});
  const forms = useApiQuery('forms.list', {});
  const [chosenCandidateId, setCandidateId] = useState<number | null>(null);
  // The only candidate there is needs no choosing.
  const candidateId =
    chosenCandidateId ?? (candidates.data?.length === 1 ? candidates.data[0]!.id : null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [formName, setFormName] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const start = useAction(async () => {
    onStarted(await api.call('sittings.start', { candidateId: candidateId!, itemIds: chosen }));
  });
  const saveForm = useAction(async () => {
    const form = await api.call('forms.save', { name: formName, itemIds: chosen });
    setSaved(`Saved the test form "${form.name}".`);
    forms.reload();
  });
  const rows = items.data ?? [];
  if (!candidates.loading && !(candidates.data ?? []).length) {
    return (
      <EmptyState title="Add a candidate first">
        <button type="button" className="button-secondary" onClick={() => onNavigate('candidates')}>
          Go to Candidates
        </button>
      </EmptyState>
    );
  }
  const toggle = (id: number) =>
    setChosen((current) =>
      current.includes(id) ? current.filter((value) => value !== id) : [...current, id],
    );
  const oneOfEach = () =>
    setChosen(
      EXAM_ORDER.flatMap((task) => {
        const first = rows.find((item) => item.task === task);
        return first ? [first.id] : [];
      }),
    );
  return (
    <section className="card form" aria-label="New mock test">
      <h2>New mock test</h2>
      <Notice message={candidates.error ?? items.error ?? forms.error} />
      <label>
        Candidate
        <select
          value={candidateId ?? ''}
          onChange={(e) => setCandidateId(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">Choose a candidate…</option>
          {(candidates.data ?? []).map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </select>
      </label>
      <div className="toolbar">
        <button type="button" className="button-secondary" onClick={oneOfEach}>
          One of each task
        </button>
        <label className="inline-label">
          Test form
          <select
            aria-label="Saved test form"
            value=""
            onChange={(e) => {
              const form = forms.data?.find((row) => row.id === Number(e.target.value));
              if (form) setChosen(form.itemIds.filter((id) => rows.some((item) => item.id === id)));
            }}
          >
            <option value="">Use a saved form…</option>
            {(forms.data ?? []).map((form) => (
              <option key={form.id} value={form.id}>
                {form.name} ({form.itemIds.length} items)
              </option>
            ))}
          </select>
        </label>
      </div>
      <ItemChecklist items={rows} chosen={chosen} onToggle={toggle} />
      <p className="muted">
        {chosen.length} item{chosen.length === 1 ? '' : 's'} chosen; they run in exam order (Repeat
        Sentence, Describe Image, Retell Lecture, Write From Dictation).
      </p>
      <div className="toolbar">
        <input
          aria-label="Test form name"
          placeholder="Name, to save these items as a test form"
          value={formName}
          onChange={(e) => setFormName(e.target.value)}
          maxLength={200}
        />
        <button
          type="button"
          className="button-quiet"
          disabled={!formName.trim() || chosen.length === 0 || saveForm.busy}
          onClick={() => void saveForm.run()}
        >
          Save as test form
        </button>
      </div>
      <Notice message={saved} kind="success" />
      <Notice message={start.error ?? saveForm.error} />
      <div className="form-actions">
        <button
          type="button"
          className="button-primary"
          disabled={!candidateId || chosen.length === 0 || start.busy}
          onClick={() => void start.run()}
        >
          Start the mock test
        </button>
      </div>
    </section>
  );
}

function ItemChecklist({
  items,
  chosen,
  onToggle,
}: {
  items: Item[];
  chosen: number[];
  onToggle: (id: number) => void;
}) {
  return (
    <fieldset className="item-checklist">
      <legend>Items</legend>
      {EXAM_ORDER.map((task) => {
        const ofTask = items.filter((item) => item.task === task);
        if (ofTask.length === 0) return null;
        return (
          <div key={task} className="item-checklist-group">
            <span className={`badge task-${task}`}>{taskTitle(task)}</span>
            {ofTask.map((item) => (
              <label key={item.id} className="checkbox-label">
                <input
                  type="checkbox"
                  checked={chosen.includes(item.id)}
                  onChange={() => onToggle(item.id)}
                />
                {item.title}
              </label>
            ))}
          </div>
        );
      })}
    </fieldset>
  );
}
