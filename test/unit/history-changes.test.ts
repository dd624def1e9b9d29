import { describe, expect, it } from 'vitest';
import { Attempt, type Attempt as AttemptType } from '../../src/shared/app-api.js';
import { ChangesDuringFetch } from '../../src/renderer/src/pages/history/changes-during-fetch';

function attempt(id: number, status: AttemptType['status']): AttemptType {
  return Attempt.parse({
    id,
    candidateId: 1,
    candidateName: 'Ana',
    itemId: 1,
    itemTitle: 'Bees',
    task: 'rl',
    status,
    audioPath: '/a.webm',
    audioSha256: null,
    typedAnswer: null,
    scores: { content: null, pronunciation: null, fluency: null, words: null, overall: null },
    errorMessage: null,
    tries: 0,
    nextRetryAt: null,
    createdAt: '2026-11-26T10:00:00Z',
    updatedAt: '2026-11-26T10:00:00Z',
  });
}

/** A page fetch the test answers by hand, after the events it chooses. */
function deferredPage() {
  let answer!: (page: { rows: AttemptType[]; total: number }) => void;
  const page = new Promise<{ rows: AttemptType[]; total: number }>((resolve) => {
    answer = resolve;
  });
  return { page, answer };
}

describe('History changes that arrive during a page fetch', () => {
  it('are applied to the rows the fetch brings back, the latest of each', async () => {
    const changes = new ChangesDuringFetch();
    const pending = deferredPage();
    const fetched = changes.fetch(() => pending.page);
    changes.changed(attempt(1, 'scoring'));
    changes.changed(attempt(1, 'scored'));
    changes.deleted(2);
    // The server read the page before those changes: attempt 1 queued, attempt 2 still there.
    pending.answer({
      rows: [attempt(3, 'queued'), attempt(2, 'queued'), attempt(1, 'queued')],
      total: 3,
    });
    const page = await fetched;
    expect(page.rows.map((row) => [row.id, row.status])).toEqual([
      [3, 'queued'],
      [1, 'scored'],
    ]);
    expect(page.total).toBe(3);
  });

  it('are collected only while a fetch is in flight', async () => {
    const changes = new ChangesDuringFetch();
    changes.changed(attempt(1, 'scored'));
    const first = await changes.fetch(async () => ({ rows: [attempt(1, 'queued')], total: 1 }));
    expect(first.rows[0]!.status).toBe('queued');
    const pending = deferredPage();
    const fetched = changes.fetch(() => pending.page);
    changes.changed(attempt(1, 'failed_retryable'));
    pending.answer({ rows: [attempt(1, 'queued')], total: 1 });
    expect((await fetched).rows[0]!.status).toBe('failed_retryable');
  });
});
