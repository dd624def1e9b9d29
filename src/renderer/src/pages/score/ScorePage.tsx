import { useState } from 'react';
import type { Attempt, Candidate, Item } from '../../../../shared/app-api';
import { api } from '../../bridge';
import { EmptyState } from '../../components/EmptyState';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { useApiQuery } from '../../hooks/use-api-query';
import { blobToBase64 } from '../../lib/base64';
import { EXAM_ORDER } from '../../../../shared/exam-order';
import { taskTitle } from '../../lib/format';
import type { PageProps } from '../page-props';
import { ExamSettingsPanel } from '../sitting/ExamSettingsPanel';
import { SittingPanel } from '../sitting/SittingPanel';
import { DictationForm } from './DictationForm';
import { ExamItemRunner } from './ExamItemRunner';
import type { Answer } from './exam-run';
import { LiveAttempt } from './LiveAttempt';
import { ReferenceText } from './ReferenceText';
import { SpeakingRecorder } from './SpeakingRecorder';

type Mode = 'item' | 'sitting' | 'settings';

export function ScorePage(props: PageProps) {
  const [mode, setMode] = useState<Mode>('item');
  return (
    <section aria-labelledby="page-title">
      <PageHeader title="Score" />
      <div className="tabs" role="tablist" aria-label="Score mode">
        {(
          [
            ['item', 'One item'],
            ['sitting', 'Mock test'],
            ['settings', 'Exam timing and microphone'],
          ] as const
        ).map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={mode === key}
            className={mode === key ? 'tab tab-active' : 'tab'}
            onClick={() => setMode(key)}
          >
            {label}
          </button>
        ))}
      </div>
      {mode === 'item' && <OneItem {...props} />}
      {mode === 'sitting' && <SittingPanel {...props} />}
      {mode === 'settings' && <ExamSettingsPanel />}
    </section>
  );
}

function OneItem({ onNavigate }: PageProps) {
  const candidates = useApiQuery('candidates.list', { search: '' });
  const items = useApiQuery('items.list', {});
  const settings = useApiQuery('settings.get', {});
  const [candidateId, setCandidateId] = useState<number | null>(null);
  const [itemId, setItemId] = useState<number | null>(null);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [free, setFree] = useState(false);

  const loading = candidates.loading || items.loading || settings.loading;
  // The only candidate there is needs no choosing.
  const onlyCandidate = candidates.data?.length === 1 ? candidates.data[0]!.id : null;
  const chosenCandidateId = candidateId ?? onlyCandidate;
  const candidate = candidates.data?.find((row) => row.id === chosenCandidateId);
  const item = items.data?.find((row) => row.id === itemId);
  const missing = !loading && (!candidates.data?.length || !items.data?.length);
  return (
    <>
      <Notice message={candidates.error ?? items.error ?? settings.error} />
      {missing && (
        <NothingToScore
          candidates={candidates.data?.length ?? 0}
          items={items.data ?? []}
          onNavigate={onNavigate}
        />
      )}
      {!missing && !loading && (
        <div className="score-layout">
          <div className="card form">
            <CandidatePicker
              candidates={candidates.data ?? []}
              value={chosenCandidateId}
              onChange={setCandidateId}
            />
            <ItemPicker items={items.data ?? []} value={itemId} onChange={setItemId} />
            <label className="checkbox-label">
              <input type="checkbox" checked={free} onChange={(e) => setFree(e.target.checked)} />
              Free recording (no exam timing)
            </label>
            {item && <ReferenceText key={item.id} item={item} />}
          </div>
          {candidate && item && free && (
            <AnswerInput
              key={`${candidate.id}-${item.id}`}
              candidate={candidate}
              item={item}
              onSubmitted={setAttempt}
            />
          )}
          {candidate && item && !free && settings.data && (
            <ExamItemRunner
              key={`${candidate.id}-${item.id}`}
              item={item}
              timing={settings.data.examTiming}
              microphoneId={settings.data.microphoneId}
              submit={async (answer) =>
                setAttempt(await submitAnswer(candidate.id, item.id, answer))
              }
            />
          )}
          {!(candidate && item) && (
            <p className="muted">Choose a candidate and an item to record an answer.</p>
          )}
          {attempt && <LiveAttempt key={attempt.id} initial={attempt} />}
        </div>
      )}
    </>
  );
}

/** Stores one answer as an attempt, which queues it for scoring. */
async function submitAnswer(candidateId: number, itemId: number, answer: Answer): Promise<Attempt> {
  if (answer.kind === 'typed') {
    return api.call('attempts.submitDictation', { candidateId, itemId, typedAnswer: answer.text });
  }
  const audioBase64 = await blobToBase64(answer.recording.blob);
  const { mimeType, durationMs: recordedMs } = answer.recording;
  return api.call('attempts.submitSpeaking', {
    candidateId,
    itemId,
    audioBase64,
    mimeType,
    recordedMs,
  });
}

/** What is missing before anything can be scored, and the items already there to use. */
function NothingToScore({
  candidates,
  items,
  onNavigate,
}: {
  candidates: number;
  items: Item[];
  onNavigate: PageProps['onNavigate'];
}) {
  const samples = items.filter((item) => item.sample).length;
  const title =
    candidates === 0 && items.length > 0
      ? 'Add a candidate to start scoring'
      : candidates > 0
        ? 'Add an item to start scoring'
        : 'Nothing to score yet — add a candidate and an item first';
  return (
    <EmptyState title={title}>
      {items.length > 0 && (
        <p>
          {samples > 0
            ? `${samples} sample items are ready to use (Repeat Sentence, Describe Image, Retell Lecture and Write From Dictation), with their prompts.`
            : `${items.length} items are ready to use.`}{' '}
          Add a candidate, then choose an item here or start a mock test.
        </p>
      )}
      <div className="form-actions">
        {candidates === 0 && (
          <button type="button" className="button-primary" onClick={() => onNavigate('candidates')}>
            Go to Candidates
          </button>
        )}
        <button type="button" className="button-secondary" onClick={() => onNavigate('items')}>
          {items.length > 0 ? 'See the items' : 'Go to Items'}
        </button>
      </div>
    </EmptyState>
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

/** Items grouped by task in the order the exam sets them. */
function ItemPicker({ items, value, onChange }: PickerProps & { items: Item[] }) {
  const tasks = EXAM_ORDER.filter((task) => items.some((item) => item.task === task));
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
