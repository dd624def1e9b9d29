import { useState, type FormEvent } from 'react';
import type { Attempt } from '../../../../shared/app-api';
import { api } from '../../bridge';
import { Notice } from '../../components/Notice';
import { useAction } from '../../hooks/use-action';

interface DictationFormProps {
  candidateId: number;
  itemId: number;
  onSubmitted: (attempt: Attempt) => void;
}

export function DictationForm({ candidateId, itemId, onSubmitted }: DictationFormProps) {
  const [typedAnswer, setTypedAnswer] = useState('');
  const submit = useAction(async () => {
    onSubmitted(await api.call('attempts.submitDictation', { candidateId, itemId, typedAnswer }));
    setTypedAnswer('');
  });
  const send = (event: FormEvent) => {
    event.preventDefault();
    void submit.run();
  };
  return (
    <form className="form card" onSubmit={send} aria-label="Dictation answer">
      <label>
        Candidate&apos;s answer
        <textarea
          value={typedAnswer}
          onChange={(e) => setTypedAnswer(e.target.value)}
          rows={4}
          maxLength={2000}
          placeholder="Type exactly what the candidate wrote"
          spellCheck={false}
        />
      </label>
      <Notice message={submit.error} />
      <div className="form-actions">
        <button
          type="submit"
          className="button-primary"
          disabled={!typedAnswer.trim() || submit.busy}
        >
          {submit.busy ? 'Submitting…' : 'Submit for scoring'}
        </button>
      </div>
    </form>
  );
}
