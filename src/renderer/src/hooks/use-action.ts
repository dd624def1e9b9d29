import { useCallback, useState } from 'react';

export interface Action<A extends unknown[]> {
  run: (...args: A) => Promise<boolean>;
  busy: boolean;
  error: string | null;
  clearError: () => void;
}

/** Runs a mutation, tracking whether it is in flight and the message of its failure. */
export function useAction<A extends unknown[]>(
  perform: (...args: A) => Promise<unknown>,
): Action<A> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (...args: A) => {
      setBusy(true);
      setError(null);
      try {
        await perform(...args);
        return true;
      } catch (reason) {
        setError(reason instanceof Error ? reason.message : String(reason));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [perform],
  );
  return { run, busy, error, clearError: useCallback(() => setError(null), []) };
}
