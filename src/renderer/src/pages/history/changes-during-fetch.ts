import type { Attempt } from '../../../../shared/app-api';

/**
 * Attempt events that arrive while History pages are being fetched. The server may have read
 * a page before a change it then announced: each fetch collects the changes made while it was
 * in flight and applies them, latest last, to the rows it brings back.
 */
export class ChangesDuringFetch {
  private readonly open = new Set<Map<number, Attempt | null>>();

  changed(attempt: Attempt): void {
    for (const changes of this.open) changes.set(attempt.id, attempt);
  }

  deleted(id: number): void {
    for (const changes of this.open) changes.set(id, null);
  }

  /** Runs a page fetch; its rows as they stand once it returns. */
  async fetch<P extends { rows: Attempt[] }>(fetchPage: () => Promise<P>): Promise<P> {
    const changes = new Map<number, Attempt | null>();
    this.open.add(changes);
    try {
      const page = await fetchPage();
      const rows = page.rows.flatMap((row) => {
        if (!changes.has(row.id)) return [row];
        const changed = changes.get(row.id);
        return changed ? [changed] : [];
      });
      return { ...page, rows };
    } finally {
      this.open.delete(changes);
    }
  }
}
