import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryFilter } from '../../src/shared/app-api.js';
import { SittingsRepo } from '../../src/main/store/sittings-repo.js';
import { SittingService } from '../../src/main/sittings/sitting-service.js';
import { envelope } from './main-fake-server.js';
import { QueueHarness } from './main-harness.js';
import { tempDir } from '../helpers/temp-dir.js';

/** Every row of a filter, read page by page through the keyset cursor. */
function allPages(harness: QueueHarness, filter: HistoryFilter, size = 2): number[] {
  const ids: number[] = [];
  for (let before: number | undefined; ;) {
    const page = harness.attempts.page(filter, size, before);
    ids.push(...page.rows.map((row) => row.id));
    if (page.rows.length < size) return ids;
    before = page.rows.at(-1)!.id;
  }
}

describe('History sorted by a column and filtered by sitting', () => {
  let dir: ReturnType<typeof tempDir>;
  let harness: QueueHarness;
  const ids: Record<string, number> = {};

  beforeEach(() => {
    dir = tempDir();
    harness = new QueueHarness(dir.path, null);
    const common = { keywords: [], promptAudioPath: null, imagePath: null };
    const rs = harness.items.create({ task: 'rs', title: 'RS', refText: 'a cat', ...common }).id;
    const scores = [
      ['Zoë', 4],
      ['王小明', 2],
      ['Ana', null],
      ['Ben', 5],
      ['Ana', 3],
    ] as const;
    scores.forEach(([name, overall], n) => {
      const candidateId =
        harness.candidates.list('').find((c) => c.name === name)?.id ??
        harness.candidates.create({ name, reference: '', notes: '' }).id;
      const id = harness.attempts.insert({
        candidateId,
        itemId: rs,
        task: 'rs',
        audio: { path: `/a${n}.wav`, mime: 'audio/wav', sha256: 'ab' },
        typedAnswer: null,
      });
      ids[`${name}${n}`] = id;
      if (overall === null) return;
      harness.attempts.transition(id, ['recorded'], 'scoring');
      harness.attempts.markScored(
        id,
        JSON.stringify(envelope('rs', overall)),
        { content: 3, pronunciation: 3, fluency: 3, words: null, overall },
        { content: 5, pronunciation: 5, fluency: 5, words: null, overall: 5 },
      );
    });
    // The examiner's mark is the final overall: Zoë's 4 becomes 1.
    harness.attempts.saveMark(ids.Zoë0!, {
      confirmed: false,
      scores: { content: 1, pronunciation: 1, fluency: 1, words: null, overall: 1 },
      comment: '',
    });
  });

  afterEach(async () => {
    await harness.close();
    dir.remove();
  });

  it('pages through every row once in the chosen order', () => {
    const byCandidate = allPages(harness, { sort: { column: 'candidate', direction: 'asc' } });
    expect(byCandidate).toEqual([ids.Ana2, ids.Ana4, ids.Ben3, ids.Zoë0, ids.王小明1]);
    const byOverall = allPages(harness, { sort: { column: 'overall', direction: 'desc' } });
    // Ben 5/5, Ana 3/5, 王小明 2/5, Zoë 1/5 (the examiner's), Ana unscored last.
    expect(byOverall).toEqual([ids.Ben3, ids.Ana4, ids.王小明1, ids.Zoë0, ids.Ana2]);
    const newest = allPages(harness, {});
    expect(newest).toEqual([...byCandidate].sort((a, b) => b - a));
    expect(
      [...harness.attempts.iterate({ sort: { column: 'candidate', direction: 'desc' } })].map(
        (r) => r.id,
      ),
    ).toEqual([...byCandidate].reverse());
  });

  it('keeps to one sitting when asked', async () => {
    const sittings = new SittingService(
      { ...harness, sittings: new SittingsRepo(harness.db) },
      harness.service,
    );
    const candidateId = harness.candidates.create({ name: 'Sat', reference: '', notes: '' }).id;
    const wfd = harness.items.create({
      task: 'wfd',
      title: 'WFD',
      refText: 'a cat',
      keywords: [],
      promptAudioPath: null,
      imagePath: null,
    }).id;
    const sitting = sittings.start(candidateId, [wfd]);
    await sittings.answerDictation({ id: sitting.id, position: 0, typedAnswer: 'a cat' });
    const rows = harness.attempts.page({ sittingId: sitting.id }, 50).rows;
    expect(rows.map((row) => [row.candidate_name, row.sitting_id])).toEqual([['Sat', sitting.id]]);
    expect(harness.attempts.page({ sittingId: sitting.id + 1 }, 50).total).toBe(0);
  });
});
