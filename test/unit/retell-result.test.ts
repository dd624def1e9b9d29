import { describe, expect, it } from 'vitest';
import { untimedWord, type Word } from '../../src/shared/contract/envelope.js';
import { hesitationTitle, isHesitation } from '../../src/shared/hesitation.js';
import { parseKeyPoints } from '../../src/shared/key-points.js';

describe('key points in the content suggestion', () => {
  it('reads the summary and both lists', () => {
    expect(
      parseKeyPoints(
        'The answer covers some key points (3 of 6). Covered: climate change, carbon, oceans. Missed: ice, policy, farmers.',
      ),
    ).toEqual({
      summary: 'The answer covers some key points (3 of 6).',
      covered: ['climate change', 'carbon', 'oceans'],
      missed: ['ice', 'policy', 'farmers'],
    });
  });

  it('takes either list alone, and keeps a sentence that follows a list', () => {
    expect(parseKeyPoints('All key points are covered (2 of 2). Covered: bees, pollen.')).toEqual({
      summary: 'All key points are covered (2 of 2).',
      covered: ['bees', 'pollen'],
      missed: [],
    });
    expect(
      parseKeyPoints('No key point was heard. Missed: sleep, memory. Retell the lecture.'),
    ).toEqual({
      summary: 'No key point was heard. Retell the lecture.',
      covered: [],
      missed: ['sleep', 'memory'],
    });
    expect(parseKeyPoints('Covered: trees')).toEqual({
      summary: '',
      covered: ['trees'],
      missed: [],
    });
  });

  it('is null when the suggestion lists no key points, so it shows as plain text', () => {
    expect(parseKeyPoints('Speak more clearly.')).toBeNull();
    expect(parseKeyPoints('')).toBeNull();
    expect(parseKeyPoints(null)).toBeNull();
    expect(parseKeyPoints(undefined)).toBeNull();
  });
});

describe('hesitations', () => {
  const um: Word = { ...untimedWord('um', 'Inserted'), start: 1200, end: 1620 };

  it('are the Inserted entries of rl and di only; in rs an inserted entry is a word', () => {
    expect(isHesitation(um, 'rl')).toBe(true);
    expect(isHesitation(um, 'di')).toBe(true);
    expect(isHesitation(um, 'rs')).toBe(false);
    expect(isHesitation({ ...um, word: 'bees', label: 'Good' }, 'rl')).toBe(false);
  });

  it('are titled with what was heard and how long it lasted', () => {
    expect(hesitationTitle(um)).toBe('Hesitation (um), 420 ms');
    expect(hesitationTitle(untimedWord('uh', 'Inserted'))).toBe('Hesitation (uh)');
  });
});
