import { useEffect, useRef, useState } from 'react';
import type { Attempt, HistoryFilter } from '../../../../shared/app-api';
import { api } from '../../bridge';
import { useAppEvent } from '../../hooks/use-app-event';
import { ChangesDuringFetch } from './changes-during-fetch';

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
  const inFlight = useRef(new ChangesDuringFetch());

  useEffect(() => {
    let current = true;
    inFlight.current
      .fetch(() => fetchPage(JSON.parse(filterKey) as HistoryFilter))
      .then(
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
    inFlight.current.changed(attempt);
    setPages((current) => ({
      ...current,
      rows: current.rows.map((row) => (row.id === attempt.id ? attempt : row)),
    }));
  });
  useAppEvent('attempt.deleted', ({ id }) => {
    inFlight.current.deleted(id);
    setPages((current) => ({ ...current, rows: current.rows.filter((row) => row.id !== id) }));
  });

  const last = pages.rows.at(-1);
  const loadMore = async () => {
    if (!last) return;
    const from = pages.request;
    setLoadingMore(true);
    try {
      const page = await inFlight.current.fetch(() => fetchPage(filter, last.id));
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
