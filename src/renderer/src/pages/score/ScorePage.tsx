import { useState } from 'react';
import type { Attempt, Candidate, Item } from '../../../../shared/app-api';
import { EmptyState } from '../../components/EmptyState';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { useApiQuery } from '../../hooks/use-api-query';
import { taskTitle } from '../../lib/format';
import type { PageProps } from '../page-props';
import { DictationForm } from './DictationForm';
import { LiveAttempt } from './LiveAttempt';
import { SpeakingRecorder } from './SpeakingRecorder';

export function ScorePage({ onNavigate }: PageProps) {
  const candidates = useApiQuery('candidates.list', { search: '' });
  const items = useApiQuery('items.list', {});
  const [candidateId, setCandidateId] = useState<number | null>(null);
  const [itemId, setItemId] = useState<number | null>(null);
  const [attempt, setAttempt] = useState<Attempt | null>(null);

  const loading = candidates.loading || items.loading;
  const candidate = candidates.data?.find((row) => row.id === candidateId);
  const item = items.data?.find((row) => row.id === itemId);
  const missing = !loading && (!candidates.data?.length || !items.data?.length);
  return (
    <section aria-labelledby="page-title">
      <PageHeader title="Score" />
      <Notice message={candidates.error ?? items.error} />
      {missing && (
        <EmptyState title="Nothing to score yet — add a candidate and an item first">
          <div className="form-actions">
            <button
              type="button"
              className="button-secondary"
              onClick={() => onNavigate('candidates')}
            >
              Go to Candidates
            </button>
            <button type="button" className="button-secondary" onClick={() => onNavigate('items')}>
              Go to Items
            </button>
          </div>
        </EmptyState>
      )}
      {!missing && !loading && (
        <div className="score-layout">
          <div className="card form">
            <CandidatePicker
              candidates={candidates.data ?? []}
              value={candidateId}
              onChange={setCandidateId}
            />
            <ItemPicker items={items.data ?? []} value={itemId} onChange={setItemId} />
            {item && <ItemPrompt item={item} />}
          </div>
          {candidate && item && (
            <AnswerInput
              key={`${candidate.id}-${item.id}`}
              candidate={candidate}
              item={item}
              onSubmitted={setAttempt}
            />
          )}
          {!(candidate && item) && (
            <p className="muted">Choose a candidate and an item to record an answer.</p>
          )}
          {attempt && <LiveAttempt key={attempt.id} initial={attempt} />}
        </div>
      )}
    </section>
  );
}

interface AnswerInputProps {
  candidate: Candidate;
  item: Item;
  onSubmitted: (attempt: Attempt) => void;
}

function AnswerInput({ candidate, item, onSubmitted }: AnswerInputProps) {
  const Input = item.task === 'wfd' ? DictationForm : SpeakingRecorder;
  return <Input candidateId={candidate.id} itemId={item.id} onSubmitted={onSubmitted} />;
}

interface PickerProps {
  value: number | null;
  onChange: (id: number | null) => void;
}

function toId(value: string): number | null {
  return value ? Number(value) : null;
}

function CandidatePicker({
  candidates,
  value,
  onChange,
}: PickerProps & { candidates: Candidate[] }) {
  return (
    <label>
      Candidate
      <select value={value ?? ''} onChange={(e) => onChange(toId(e.target.value))}>
        <option value="">Choose a candidate…</option>
        {candidates.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.reference ? `${candidate.name} (${candidate.reference})` : candidate.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function ItemPicker({ items, value, onChange }: PickerProps & { items: Item[] }) {
  const tasks = [...new Set(items.map((item) => item.task))];
  return (
    <label>
      Item
      <select value={value ?? ''} onChange={(e) => onChange(toId(e.target.value))}>
        <option value="">Choose an item…</option>
        {tasks.map((task) => (
          <optgroup key={task} label={taskTitle(task)}>
            {items
              .filter((item) => item.task === task)
              .map((item) => (
                <option key={item.id} value={item.id}>
                  {item.title}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
    </label>
  );
}

function ItemPrompt({ item }: { item: Item }) {
  return (
    <div className="item-prompt">
      <span className={`badge task-${item.task}`}>{taskTitle(item.task)}</span>
      <p>{item.refText}</p>
      {item.keywords.length > 0 && <p className="muted">Keywords: {item.keywords.join(', ')}</p>}
    </div>
  );
}
