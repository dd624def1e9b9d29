import { useEffect, useRef, useState } from 'react';
import type { Attempt, HistoryFilter } from '../../../../shared/app-api';
import { api } from '../../bridge';
import { useAppEvent } from '../../hooks/use-app-event';

const PAGE_SIZE = 50;

interface Pages {
  /** The filter and reload these rows belong to. */
  request: string;
  rows: Attempt[];
  total: number;
}

async function fetchPage(filter: HistoryFilter, beforeId?: number) {
  return api.call('attempts.list', { filter, limit: PAGE_SIZE, beforeId });
}

/** Attempts changed (or deleted: null) while a page was being fetched, by id, latest last. */
type Changes = Map<number, Attempt | null>;

/** A fetched page's rows brought up to date with the changes that arrived meanwhile. */
function withChanges(rows: Attempt[], changes: Changes): Attempt[] {
  return rows.flatMap((row) => {
    if (!changes.has(row.id)) return [row];
    const changed = changes.get(row.id);
    return changed ? [changed] : [];
  });
}

/** A page, with the changes that arrived while it was fetched applied to its rows. */
async function fetchTracked(inFlight: Set<Changes>, filter: HistoryFilter, beforeId?: number) {
  const changes: Changes = new Map();
  inFlight.add(changes);
  try {
    const page = await fetchPage(filter, beforeId);
    return { ...page, rows: withChanges(page.rows, changes) };
  } finally {
    inFlight.delete(changes);
  }
}

function messageOf(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}

/** Keyset-paged attempts for a filter, kept current by attempt events. */
export type HistoryState = ReturnType<typeof useHistory>;

export function useHistory(filter: HistoryFilter) {
  const [generation, setGeneration] = useState(0);
  const filterKey = JSON.stringify(filter);
  const request = `${filterKey} ${generation}`;
  const [pages, setPages] = useState<Pages>({ request: '', rows: [], total: 0 });
  const [loadingMore, setLoadingMore] = useState(false);
  const [failure, setFailure] = useState<{ request: string; message: string } | null>(null);
  // Events that arrive while a page is in flight may be newer than the page the server read:
  // each fetch collects them and applies them to its rows when they come.
  const inFlight = useRef(new Set<Changes>());

  useEffect(() => {
    let current = true;
    fetchTracked(inFlight.current, JSON.parse(filterKey) as HistoryFilter).then(
      (page) => {
        if (!current) return;
        setPages({ request, rows: page.rows, total: page.total });
        setFailure(null);
      },
      (reason: unknown) => current && setFailure({ request, message: messageOf(reason) }),
    );
    return () => {
      current = false;
    };
  }, [filterKey, request]);

  useAppEvent('attempt.changed', (attempt) => {
    for (const changes of inFlight.current) changes.set(attempt.id, attempt);
    setPages((current) => ({
      ...current,
      rows: current.rows.map((row) => (row.id === attempt.id ? attempt : row)),
    }));
  });
  useAppEvent('attempt.deleted', ({ id }) => {
    for (const changes of inFlight.current) changes.set(id, null);
    setPages((current) => ({ ...current, rows: current.rows.filter((row) => row.id !== id) }));
  });

  const last = pages.rows.at(-1);
  const loadMore = async () => {
    if (!last) return;
    const from = pages.request;
    setLoadingMore(true);
    try {
      const page = await fetchTracked(inFlight.current, filter, last.id);
      // The filter changed meanwhile: this page belongs to rows no longer shown.
      setPages((current) =>
        current.request !== from
          ? current
          : { ...current, rows: [...current.rows, ...page.rows], total: page.total },
      );
    } catch (reason) {
      setFailure({ request: from, message: messageOf(reason) });
    } finally {
      setLoadingMore(false);
    }
  };

  return {
    rows: pages.rows,
    total: pages.total,
    loading: (pages.request !== request && failure?.request !== request) || loadingMore,
    error: failure?.message ?? null,
    hasMore: pages.rows.length < pages.total,
    loadMore: () => void loadMore(),
    reload: () => setGeneration((value) => value + 1),
  };
}
