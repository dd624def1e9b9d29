import { useEffect, useState } from 'react';
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

function messageOf(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}

/** Keyset-paged attempts for a filter, kept current by attempt events. */
export function useHistory(filter: HistoryFilter) {
  const [generation, setGeneration] = useState(0);
  const filterKey = JSON.stringify(filter);
  const request = `${filterKey} ${generation}`;
  const [pages, setPages] = useState<Pages>({ request: '', rows: [], total: 0 });
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    fetchPage(JSON.parse(filterKey) as HistoryFilter).then(
      (page) => {
        if (!current) return;
        setPages({ request, rows: page.rows, total: page.total });
        setError(null);
      },
      (reason: unknown) => current && setError(messageOf(reason)),
    );
    return () => {
      current = false;
    };
  }, [filterKey, request]);

  useAppEvent('attempt.changed', (attempt) => {
    setPages((current) => ({
      ...current,
      rows: current.rows.map((row) => (row.id === attempt.id ? attempt : row)),
    }));
  });
  useAppEvent('attempt.deleted', ({ id }) => {
    setPages((current) => ({ ...current, rows: current.rows.filter((row) => row.id !== id) }));
  });

  const last = pages.rows.at(-1);
  const loadMore = async () => {
    if (!last) return;
    setLoadingMore(true);
    try {
      const page = await fetchPage(filter, last.id);
      setPages((current) => ({
        ...current,
        rows: [...current.rows, ...page.rows],
        total: page.total,
      }));
    } catch (reason) {
      setError(messageOf(reason));
    } finally {
      setLoadingMore(false);
    }
  };

  return {
    rows: pages.rows,
    total: pages.total,
    loading: pages.request !== request || loadingMore,
    error,
    hasMore: pages.rows.length < pages.total,
    loadMore: () => void loadMore(),
    reload: () => setGeneration((value) => value + 1),
  };
}
