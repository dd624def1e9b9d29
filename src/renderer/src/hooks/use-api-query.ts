import { useCallback, useEffect, useState } from 'react';
import type { AppMethod, MethodInput, MethodOutput } from '../../../shared/app-api';
import { api } from '../bridge';

export interface Query<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  reload: () => void;
  /** Replaces the data locally, e.g. after an event or a mutation. */
  setData: (update: (current: T | undefined) => T | undefined) => void;
}

interface Result<T> {
  /** The request this result answers; while it differs from the current one, it is loading. */
  request: string;
  data: T | undefined;
  error: string | null;
}

/** Loads one API method's result, again whenever the input's content changes. */
export function useApiQuery<M extends AppMethod>(
  method: M,
  input: MethodInput<M>,
): Query<MethodOutput<M>> {
  const key = JSON.stringify(input);
  const [generation, setGeneration] = useState(0);
  const request = `${method} ${key} ${generation}`;
  const [result, setResult] = useState<Result<MethodOutput<M>>>({
    request: '',
    data: undefined,
    error: null,
  });

  useEffect(() => {
    let current = true;
    api.call(method, JSON.parse(key) as MethodInput<M>).then(
      (data) => current && setResult({ request, data, error: null }),
      (reason: unknown) => {
        const error = reason instanceof Error ? reason.message : String(reason);
        if (current) setResult((previous) => ({ request, data: previous.data, error }));
      },
    );
    return () => {
      current = false;
    };
  }, [method, key, request]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const setData = useCallback(
    (update: (current: MethodOutput<M> | undefined) => MethodOutput<M> | undefined) =>
      setResult((previous) => ({ ...previous, data: update(previous.data) })),
    [],
  );
  return {
    data: result.data,
    error: result.error,
    loading: result.request !== request,
    reload,
    setData,
  };
}
