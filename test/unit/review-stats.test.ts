import { describe, expect, it } from 'vitest';
import { untimedWord, type Word } from '../../src/shared/contract/envelope.js';
import { foldText } from '../../src/shared/fold-text.js';
import { pauseLabel, pauseLengthMs } from '../../src/shared/pause-length.js';
import {
  agreement,
  keyPointAgreement,
  pearson,
  wordAgreement,
} from '../../src/main/moderation/agreement.js';

const NONE = { content: null, pronunciation: null, fluency: null, words: null, overall: null };

function timed(word: string, start: number, end: number): Word {
  return { ...untimedWord(word, 'Good'), start, end };
}

describe('pause lengths', () => {
  it('uses the duration when given, else the gap between the timed neighbours', () => {
    const rs = [timed('a', 0, 400), untimedWord('', 'Pause', 650), timed('b', 1050, 1400)];
    expect(pauseLengthMs(rs, 1)).toBe(650);
    const rl = [timed('a', 0, 400), untimedWord('', 'Pause'), timed('b', 1600, 1900)];
    expect(pauseLengthMs(rl, 1)).toBe(1200);
    expect(pauseLabel(pauseLengthMs(rl, 1))).toBe('pause 1.2 s');
  });

  it('measures up to a hesitation that sits next to the pause (rl and di)', () => {
    const um = (start: number, end: number): Word => ({
      ...untimedWord('um', 'Inserted'),
      start,
      end,
    });
    const pauseThenUm = [
      timed('bees', 0, 400),
      untimedWord('', 'Pause'),
      um(1300, 1700),
      timed('pollen', 1900, 2400),
    ];
    expect(pauseLengthMs(pauseThenUm, 1)).toBe(900);
    const umThenPause = [
      timed('bees', 0, 400),
      um(500, 800),
      untimedWord('', 'Pause'),
      timed('pollen', 1900, 2400),
    ];
    expect(pauseLengthMs(umThenPause, 2)).toBe(1100);
  });

  it('is unknown, never zero, when no neighbour is timed', () => {
    const untimed = [untimedWord('a', 'Good'), untimedWord('', 'Pause'), untimedWord('b', 'Good')];
    expect(pauseLengthMs(untimed, 1)).toBeNull();
    expect(pauseLabel(null)).toBe('pause');
    const atEnd = [timed('a', 0, 400), untimedWord('', 'Pause')];
    expect(pauseLengthMs(atEnd, 1)).toBeNull();
  });
});

describe('folded text', () => {
  it('drops accents and case', () => {
    expect(foldText('Zoë Brontë')).toBe('zoe bronte');
    expect(foldText('  ŁÓDŹ ')).toBe('lodz');
    expect(foldText('Ødegaard Straße')).toBe('odegaard strasse');
  });
});

describe('engine–examiner agreement', () => {
  it('computes Pearson r, and null when a side never varies', () => {
    expect(pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 10);
    expect(pearson([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 10);
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(pearson([1], [1])).toBeNull();
  });

  it('gives mean and absolute differences and exact and adjacent agreement per task and component', () => {
    const pair = (engine: number, examiner: number) => ({
      task: 'rs' as const,
      engine: { ...NONE, overall: engine },
      examiner: { ...NONE, overall: examiner },
      maxima: { ...NONE, overall: 5 },
    });
    const { rows, pairs } = agreement([pair(3, 3), pair(4, 3), pair(2, 4.6), pair(1, 1.2)]);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ task: 'rs', component: 'overall', n: 4, max: 5 });
    expect(row.meanDifference).toBeCloseTo((0 - 1 + 2.6 + 0.2) / 4, 10);
    expect(row.meanAbsoluteDifference).toBeCloseTo((0 + 1 + 2.6 + 0.2) / 4, 10);
    expect(row.exact).toBe(0.5);
    expect(row.adjacent).toBe(0.75);
    expect(pairs[2]?.engine).toBeCloseTo(0.4, 10);
    expect(pairs[2]?.examiner).toBeCloseTo(0.92, 10);
  });

  it('gives each key point the share of marked attempts on which engine and examiner agreed', () => {
    const counts = { task: 'rl' as const, item_id: 7, item_title: 'Bees', text: 'pollen' };
    expect(
      keyPointAgreement([{ ...counts, n: 4, agreed: 3, engine_only: 1, examiner_only: 0 }]),
    ).toEqual([
      {
        task: 'rl',
        itemId: 7,
        itemTitle: 'Bees',
        text: 'pollen',
        n: 4,
        agreed: 3,
        agreedShare: 0.75,
        engineOnly: 1,
        examinerOnly: 0,
      },
    ]);
  });

  it('gives the words said all together, then unsure and the rest, with none where there are none', () => {
    expect(wordAgreement([])).toEqual([]);
    const all = { words: 'all' as const, attempts: 2, n: 10, agreed: 9 };
    expect(
      wordAgreement([
        { ...all, engine_only: 0, examiner_only: 1 },
        { ...all, words: 'sure', engine_only: 0, examiner_only: 1 },
      ]).map((row) => [
        row.words,
        row.attempts,
        row.n,
        row.agreed,
        row.agreedShare,
        row.examinerOnly,
      ]),
    ).toEqual([
      ['all', 2, 10, 9, 0.9, 1],
      ['unsure', 0, 0, 0, null, 0],
      ['sure', 2, 10, 9, 0.9, 1],
    ]);
  });
});
