import { useState } from 'react';
import type { AttemptDetail } from '../../../../shared/app-api';
import type { EngineReferenceWord } from '../../../../shared/reference-words';
import { api } from '../../bridge';
import { usePendingMarks } from '../../hooks/use-pending-marks';
import type { WordMarksView } from '../WordMarkControls';

export interface WordMarks {
  view: WordMarksView;
  /** Every word carries the examiner's mark. */
  marked: boolean;
  examinerSaid: number;
  error: string | null;
  setEditing: (editing: boolean) => void;
}

/**
 * rs: the examiner's marks of the sentence's words, as stored with the attempt, and the
 * marking of one word, saved at once with every other word's mark (the engine's until the
 * examiner marks it).
 */
export function useWordMarks(
  attempt: AttemptDetail,
  engine: readonly EngineReferenceWord[],
): WordMarks {
  const stored = attempt.storedWords.length === engine.length ? attempt.storedWords : [];
  const saved = engine.map((_, position) => stored[position]?.examinerSaid ?? null);
  const [editing, setEditing] = useState(false);
  const pending = usePendingMarks(saved, (next) =>
    api.call('attempts.markWords', { id: attempt.id, said: next }),
  );
  const said = pending.marks;
  const engineSaid = engine.map((word) => word.said);
  const onMark = (position: number, value: boolean) => pending.mark(position, value, engineSaid);
  return {
    view: { said, editing, busy: pending.busy, onMark },
    marked: said.length > 0 && said.every((value) => value !== null),
    examinerSaid: said.filter((value) => value === true).length,
    error: pending.error,
    setEditing,
  };
}
