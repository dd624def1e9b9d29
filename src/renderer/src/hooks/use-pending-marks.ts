import { useState } from 'react';
import { useAction } from './use-action';

export interface PendingMarks {
  /** The examiner's mark of each entry (null: none yet). */
  marks: (boolean | null)[];
  /**
   * Marks entry `index` and saves every entry's mark at once: an entry not yet marked takes
   * the engine's judgement, `engine[at]`.
   */
  mark: (index: number, value: boolean, engine: readonly boolean[]) => void;
  busy: boolean;
  error: string | null;
}

/**
 * The examiner's marks of a list (key points, a sentence's words) as stored, saved through
 * `store`; the marks just given are shown until the stored ones (reloaded on the change)
 * replace them, and dropped again if saving fails.
 */
export function usePendingMarks(
  saved: (boolean | null)[],
  store: (marks: boolean[]) => Promise<unknown>,
): PendingMarks {
  const savedKey = JSON.stringify(saved);
  const [pending, setPending] = useState<{ over: string; marks: boolean[] } | null>(null);
  const marks = pending && pending.over === savedKey ? pending.marks : saved;
  const save = useAction(async (next: boolean[]) => {
    setPending({ over: savedKey, marks: next });
    try {
      await store(next);
    } catch (reason) {
      setPending(null);
      throw reason;
    }
  });
  const mark = (index: number, value: boolean, engine: readonly boolean[]) => {
    const next = engine.map((fallback, at) => (at === index ? value : (marks[at] ?? fallback)));
    void save.run(next);
  };
  return { marks, mark, busy: save.busy, error: save.error };
}
