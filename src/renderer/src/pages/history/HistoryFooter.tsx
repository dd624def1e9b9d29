import type { HistoryState } from './use-history';

/** How many rows are shown of how many, and the button that loads the next page. */
export function HistoryFooter({ history }: { history: HistoryState }) {
  return (
    <div className="table-footer">
      <span className="muted">
        Showing {history.rows.length} of {history.total}
      </span>
      {history.hasMore && (
        <button
          type="button"
          className="button-secondary"
          disabled={history.loading}
          onClick={history.loadMore}
        >
          Load more
        </button>
      )}
    </div>
  );
}
