import { useState } from 'react';
import type { AttemptDetail } from '../../../../shared/app-api';
import type { EngineReferenceWord } from '../../../../shared/reference-words';
import { api } from '../../bridge';
import { useAction } from '../../hooks/use-action';
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
  // The marks just given are shown until the stored ones (reloaded on the change) replace them.
  const savedKey = JSON.stringify(saved);
  const [pending, setPending] = useState<{ over: string; said: boolean[] } | null>(null);
  const [editing, setEditing] = useState(false);
  const said = pending && pending.over === savedKey ? pending.said : saved;
  const save = useAction(async (next: boolean[]) => {
    setPending({ over: savedKey, said: next });
    try {
      await api.call('attempts.markWords', { id: attempt.id, said: next });
    } catch (reason) {
      setPending(null);
      throw reason;
    }
  });
  const onMark = (position: number, value: boolean) => {
    const next = engine.map((word, at) => (at === position ? value : (said[at] ?? word.said)));
    void save.run(next);
  };
  return {
    view: { said, editing, busy: save.busy, onMark },
    marked: said.length > 0 && said.every((value) => value !== null),
    examinerSaid: said.filter((value) => value === true).length,
    error: save.error,
    setEditing,
  };
}
