import { useState, type FormEvent } from 'react';
import type { AttemptDetail, ScoreKey } from '../../../../shared/app-api';
import { api } from '../../bridge';
import { useAction } from '../../hooks/use-action';
import { finalOverall, formatScoreOf } from '../../lib/format';
import { Notice } from '../Notice';
import { SCORE_COMPONENTS } from '../ScoreCards';

/**
 * The examiner's mark: confirm the engine's scores, or enter their own with a comment. Both
 * are kept; the engine's result is never changed. The final mark is stated.
 */
export function ExaminerMarkForm({ attempt }: { attempt: AttemptDetail }) {
  const keys = SCORE_COMPONENTS.filter(([key]) => attempt.scores[key] !== null);
  const [marks, setMarks] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      keys.map(([key]) => [key, String(attempt.mark?.scores[key] ?? attempt.scores[key] ?? '')]),
    ),
  );
  const [comment, setComment] = useState(attempt.mark?.comment ?? '');
  const save = useAction(async (confirmed: boolean) => {
    const scores = Object.fromEntries(
      keys.map(([key]) => [key, marks[key] === '' ? null : Number(marks[key])]),
    ) as Partial<Record<ScoreKey, number | null>>;
    await api.call('attempts.mark', { id: attempt.id, confirmed, scores, comment });
  });
  const clear = useAction(async () => api.call('attempts.clearMark', { id: attempt.id }));
  const problems = Object.fromEntries(
    keys.map(([key]) => [key, markProblem(marks[key] ?? '', attempt.maxScores[key])]),
  );
  const invalid = Object.values(problems).some((problem) => problem !== null);
  const final = finalOverall(attempt);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run(false);
  };
  return (
    <section className="examiner-mark" aria-label="Examiner's mark">
      <h3>Examiner’s mark</h3>
      <p className="final-mark" data-testid="final-mark">
        Final overall: <strong>{formatScoreOf(final.score, attempt.maxScores.overall)}</strong>{' '}
        <span className="muted">
          (
          {final.by === 'examiner'
            ? attempt.mark?.confirmed
              ? 'engine’s, confirmed by the examiner'
              : 'the examiner’s'
            : 'the engine’s, not yet reviewed'}
          )
        </span>
      </p>
      <form className="mark-form" onSubmit={submit}>
        {keys.map(([key, name]) => (
          <div key={key} className="mark-field">
            <label className="inline-label">
              {name}
              <input
                type="number"
                min={0}
                max={attempt.maxScores[key] ?? undefined}
                step="any"
                value={marks[key] ?? ''}
                aria-invalid={problems[key] !== null}
                aria-describedby={problems[key] ? `mark-${key}-problem` : undefined}
                onChange={(event) => setMarks({ ...marks, [key]: event.target.value })}
              />
              <span className="muted">/ {formatScoreOf(attempt.maxScores[key], null)}</span>
            </label>
            {problems[key] && (
              <p id={`mark-${key}-problem`} className="field-error" role="alert">
                {problems[key]}
              </p>
            )}
          </div>
        ))}
        <label className="mark-comment">
          Comment
          <textarea
            rows={2}
            value={comment}
            maxLength={5000}
            onChange={(event) => setComment(event.target.value)}
          />
        </label>
        <Notice message={save.error ?? clear.error} />
        <div className="form-actions">
          <button
            type="button"
            className="button-secondary"
            disabled={save.busy}
            onClick={() => void save.run(true)}
          >
            Confirm engine scores
          </button>
          <button type="submit" className="button-primary" disabled={save.busy || invalid}>
            Save my marks
          </button>
          {attempt.mark && (
            <button type="button" className="button-quiet" onClick={() => void clear.run()}>
              Remove my mark
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

/** Why a typed mark cannot be saved, said beside it; null when it can (empty keeps no mark). */
function markProblem(text: string, max: number | null): string | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  const range =
    max === null ? 'a mark of 0 or more' : `a mark from 0 to ${formatScoreOf(max, null)}`;
  if (!Number.isFinite(value) || value < 0 || (max !== null && value > max)) {
    return `${text} is out of range: enter ${range}.`;
  }
  return null;
}
