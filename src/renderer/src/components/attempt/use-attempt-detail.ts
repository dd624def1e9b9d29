import { useApiQuery } from '../../hooks/use-api-query';
import { useAppEvent } from '../../hooks/use-app-event';

/** One attempt with its raw response, reloaded whenever the attempt changes. */
export function useAttemptDetail(id: number) {
  const detail = useApiQuery('attempts.get', { id });
  useAppEvent('attempt.changed', (attempt) => {
    if (attempt.id === id) detail.reload();
  });
  return detail;
}
