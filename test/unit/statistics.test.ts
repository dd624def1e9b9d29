import { describe, expect, it } from 'vitest';
import { ranks, spearman } from '../../src/engine/evidence/statistics.js';

describe('rank correlation', () => {
  it('ranks from 0, ties sharing the mean of their places', () => {
    expect(ranks([30, 10, 20, 10])).toEqual([3, 0.5, 2, 0.5]);
  });

  it('is 1 for any rising relation and −1 for any falling one', () => {
    expect(spearman([1, 2, 3, 4], [1, 8, 27, 64])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4], [9, 4, 1, 0])).toBeCloseTo(-1, 12);
  });
});
