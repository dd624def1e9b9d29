import { useEffect, useState } from 'react';
import type { Attempt } from '../../../shared/app-api';
import { STATUS_LABELS } from '../lib/format';

/**
 * An attempt's state in words. One waiting for the server is queued, not failed: it reads
 * "Queued – next try in 20 s", or "Queued – waiting for the server" once that time is past.
 */
export function StatusBadge({
  status,
  nextRetryAt = null,
}: {
  status: Attempt['status'];
  nextRetryAt?: string | null;
}) {
  const waiting = status === 'failed_retryable';
  const now = useNow(waiting);
  return (
    <span className={`badge status-${waiting ? 'queued' : status}`}>
      {waiting ? queuedText(nextRetryAt, now) : STATUS_LABELS[status]}
    </span>
  );
}

export function queuedText(nextRetryAt: string | null, now: number): string {
  const at = nextRetryAt ? Date.parse(nextRetryAt) : Number.NaN;
  const seconds = Math.ceil((at - now) / 1000);
  return Number.isFinite(seconds) && seconds > 0
    ? `Queued – next try in ${seconds} s`
    : 'Queued – waiting for the server';
}

/** The current time, ticking every second while `live`. */
function useNow(live: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!live) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [live]);
  return now;
}
