import { useApiQuery } from '../hooks/use-api-query';
import { useAppEvent } from '../hooks/use-app-event';

/** How many attempts wait to be scored, beside History in the navigation. */
export function QueueCount() {
  const status = useApiQuery('queue.status', {});
  useAppEvent('attempt.changed', () => status.reload());
  useAppEvent('attempt.deleted', () => status.reload());
  useAppEvent('engine.status', () => status.reload());
  const waiting = status.data?.waiting ?? 0;
  if (waiting === 0) return null;
  const server = status.data?.serverAnswering ? '' : ', waiting for the server';
  return (
    <span
      className="nav-count"
      data-testid="queue-count"
      title={`${waiting} attempt${waiting === 1 ? '' : 's'} queued${server}`}
      aria-label={`${waiting} queued`}
    >
      {waiting}
    </span>
  );
}
