import { describe, expect, it } from 'vitest';
import { untimedWord, type Word } from '../../src/shared/contract/envelope.js';
import { meanOverall } from '../../src/shared/contract/quantize.js';
import { contentFromMarks } from '../../src/shared/key-point-content.js';
import {
  engineKeyPoints,
  requestKeywords,
  suggestionSummary,
} from '../../src/shared/key-points.js';
import { keywordLines, keywordsFromLines } from '../../src/shared/keyword-list.js';
import { pauseLengthMs, shownPause } from '../../src/shared/pause-length.js';
import { EXAMINER_KEYWORDS } from '../helpers/examiner-keywords.js';

describe('an item’s keyword list', () => {
  it('round-trips entries with periods, commas, hyphens and numbers unchanged', () => {
    const text = keywordLines(EXAMINER_KEYWORDS);
    expect(text).toBe(
      'U.S. economy\n1990\nclimate, change\nwell-known\ntrade with Asia\ne.g. governments',
    );
    expect(keywordsFromLines(text)).toEqual(EXAMINER_KEYWORDS);
  });

  it('reads one entry a line, trimmed, skipping blank lines (Windows line ends too)', () => {
    expect(keywordsFromLines('  U.S. economy \r\n\r\nclimate, change\n   \n')).toEqual([
      'U.S. economy',
      'climate, change',
    ]);
    expect(keywordsFromLines('')).toEqual([]);
  });
});

describe('content from the examiner’s key point marks', () => {
  const base = { contentMax: 5, precision: 0.1 };

  it('is the engine’s content when the marks are the engine’s', () => {
    const heard = [true, false, true, false, false, true];
    expect(
      contentFromMarks({ ...base, engineHeard: heard, examinerHeard: heard, engineContent: 2.3 }),
    ).toBe(2.3);
  });

  it('puts the coverage of the examiner’s share in place of the engine’s, keeping its hold-back', () => {
    // Full marks at three points in four (FULL_MARKS_SHARE). The engine heard 3 of 4 and gave
    // 4.5 of 5: it kept 0.9 of its full coverage (points out of the lecture's order).
    const marks = { ...base, engineHeard: [true, true, true, false], engineContent: 4.5 };
    expect(contentFromMarks({ ...marks, examinerHeard: [true, true, true, true] })).toBe(4.5);
    // One point in four is a third of the coverage that earns full marks: 1/3 × 0.9 × 5.
    expect(contentFromMarks({ ...marks, examinerHeard: [true, false, false, false] })).toBe(1.5);
    // With no hold-back, the engine's 2 of 4 (coverage 2/3) gave 3.3; the examiner's 4 of 4 is
    // the full mark.
    expect(
      contentFromMarks({
        ...base,
        engineHeard: [true, true, false, false],
        examinerHeard: [true, true, true, true],
        engineContent: 3.3,
      }),
    ).toBe(5);
  });

  it('applies no hold-back when the engine heard nothing, and 0 when the examiner heard nothing', () => {
    const engineHeard = [false, false, false, false, false, false, false, false];
    const examinerHeard = [true, true, true, false, false, false, false, false];
    // 3 of 8 is half of the six in eight that earn full marks.
    expect(contentFromMarks({ ...base, engineHeard, examinerHeard, engineContent: 0 })).toBe(2.5);
    expect(
      contentFromMarks({
        ...base,
        engineHeard: [true, false],
        examinerHeard: [false, false],
        engineContent: 2.5,
      }),
    ).toBe(0);
  });

  it('takes the lecture’s order again over the points both heard, where the engine placed them', () => {
    // Five points heard, one off the lecture's order: 0.85 + 0.15 × 3/4 of the mark, 4.8.
    const engineHeard = [true, true, true, true, true];
    const engineOrder = ['in place', 'out of place', 'in place', 'in place', 'in place'] as const;
    const marks = { ...base, engineHeard, engineOrder, engineContent: 4.8 };
    expect(contentFromMarks({ ...marks, examinerHeard: engineHeard })).toBe(4.8);
    // The examiner hears the point out of place not said: 4 of 5, all in order, full marks.
    expect(contentFromMarks({ ...marks, examinerHeard: [true, false, true, true, true] })).toBe(5);
    // Two points in place not said: 3 of 5 (0.8 of full coverage), one of the three out of
    // place: 0.8 × (0.85 + 0.15 × 1/2) × 5.
    expect(contentFromMarks({ ...marks, examinerHeard: [false, true, false, true, true] })).toBe(
      3.7,
    );
    // Without the engine's places, its hold-back of 0.96 is kept whatever the marks.
    const { engineOrder: _, ...unplaced } = marks;
    expect(contentFromMarks({ ...unplaced, examinerHeard: [true, false, true, true, true] })).toBe(
      4.8,
    );
  });

  it('lands on the request’s scale and precision', () => {
    expect(
      contentFromMarks({
        engineHeard: [true, false, false],
        examinerHeard: [true, true, false],
        engineContent: 33.33,
        contentMax: 100,
        precision: 0.5,
      }),
    ).toBe(66.5);
  });

  it('refuses marks that do not match the key points one for one', () => {
    expect(() =>
      contentFromMarks({
        ...base,
        engineHeard: [true, false],
        examinerHeard: [true],
        engineContent: 2.5,
      }),
    ).toThrow('1 marks were given for 2 key points');
  });

  it('gives rl and di overall as the mean of the component fractions, on the scale', () => {
    const parts = [
      { score: 4.2, max: 5 },
      { score: 3, max: 5 },
      { score: 3.6, max: 5 },
    ];
    expect(meanOverall(parts, { scale: 5, precision: 0.1 })).toBe(3.6);
    // (0.84 + 0.6 + 0.72) / 3 = 0.72: 7.2 of 10, to the nearest half point.
    expect(meanOverall(parts, { scale: 10, precision: 0.5 })).toBe(7);
  });
});

describe('the engine’s key points of a result', () => {
  const components = [
    {
      name: 'score_content',
      suggestion: 'The answer covers some key points (1 of 2). Covered: bees. Missed: pollen.',
    },
  ];

  it('are data.keyPoints, exactly as sent and in order', () => {
    const keyPoints = [
      { text: 'U.S. economy', heard: true, confidence: 0.82, start: 400, end: 1300 },
      { text: 'climate, change', heard: false, confidence: 0.1, start: 0, end: 0 },
    ];
    expect(engineKeyPoints({ keyPoints, components })).toEqual(keyPoints);
  });

  it('fall back on the request’s keywords, exactly, heard when the Covered list names them', () => {
    const offTopic = [
      {
        name: 'score_content',
        suggestion:
          "The answer is off-topic: none of the lecture's 6 key points were heard. Missed: U.S. economy, 1990, climate, change, well-known, trade with Asia, e.g. governments.",
      },
    ];
    expect(engineKeyPoints({ components: offTopic }, EXAMINER_KEYWORDS)).toEqual(
      EXAMINER_KEYWORDS.map((text) => ({ text, heard: false, confidence: null, start: 0, end: 0 })),
    );
    const some = [
      {
        name: 'score_content',
        suggestion:
          'The answer covers some key points (3 of 6). Covered: U.S. economy, climate, change, e.g. governments. Missed: 1990, well-known, trade with Asia.',
      },
    ];
    expect(
      engineKeyPoints({ components: some }, EXAMINER_KEYWORDS)!.map((point) => point.heard),
    ).toEqual([true, false, true, false, false, true]);
    expect(requestKeywords(JSON.stringify({ refText: 'x', keywords: EXAMINER_KEYWORDS }))).toEqual(
      EXAMINER_KEYWORDS,
    );
    expect(requestKeywords('{"refText":"x"}')).toEqual([]);
    expect(requestKeywords(null)).toEqual([]);
  });

  it('leave the content suggestion its summary, without lists re-read from prose', () => {
    expect(
      suggestionSummary(
        "The answer is off-topic: none of the lecture's 4 key points were heard. Missed: U.S. economy, 1990.",
      ),
    ).toBe("The answer is off-topic: none of the lecture's 4 key points were heard.");
    expect(suggestionSummary('Speak more clearly.')).toBe('Speak more clearly.');
  });

  it('fall back on the suggestion’s lists for a result stored before key points were sent', () => {
    expect(engineKeyPoints({ components })).toEqual([
      { text: 'bees', heard: true, confidence: null, start: 0, end: 0 },
      { text: 'pollen', heard: false, confidence: null, start: 0, end: 0 },
    ]);
    expect(engineKeyPoints({ components: [{ name: 'score_content', suggestion: null }] })).toBe(
      null,
    );
  });
});

function timed(word: string, start: number, end: number, label = 'Good'): Word {
  return { ...untimedWord(word, 'Good'), label, start, end };
}

describe('the pauses of an rl or di result', () => {
  it('are the silence between the timed entries around them', () => {
    const words = [timed('bees', 0, 400), untimedWord('', 'Pause'), timed('pollen', 1000, 1400)];
    expect(shownPause(words, 1)).toEqual({ hidden: false, span: { start: 400, end: 1000 } });
    expect(pauseLengthMs(words, 1)).toBe(600);
  });

  it('are hidden under 300 ms, as when a hesitation fills most of the silence', () => {
    const words = [
      timed('bees', 0, 400),
      untimedWord('', 'Pause'),
      timed('um', 500, 900, 'Inserted'),
      timed('pollen', 1000, 1400),
    ];
    expect(shownPause(words, 1)).toEqual({ hidden: true });
    expect(pauseLengthMs(words, 1)).toBeNull();
  });

  it('stop at unclear speech, and are hidden where they would cover speech', () => {
    const unclear = timed('', 700, 1500, 'Unclear');
    const beforeUnclear = [timed('bees', 0, 400), untimedWord('', 'Pause'), unclear];
    expect(shownPause(beforeUnclear, 1)).toEqual({ hidden: false, span: { start: 400, end: 700 } });
    // Entries out of time order: the gap between the neighbours holds another entry's speech.
    const overSpeech = [
      timed('bees', 0, 400),
      timed('flowers', 900, 1300),
      untimedWord('', 'Pause'),
      timed('pollen', 2000, 2400),
      timed('hive', 1500, 1800),
    ];
    expect(shownPause(overSpeech, 2)).toEqual({ hidden: true });
  });

  it('keep an rs pause’s own duration, and show a pause with no timed neighbour unmeasured', () => {
    const rs = [timed('a', 0, 400), untimedWord('', 'Pause', 650), timed('b', 1050, 1400)];
    expect(shownPause(rs, 1)).toEqual({ hidden: false, span: { start: 400, end: 1050 } });
    expect(shownPause([untimedWord('', 'Pause')], 0)).toEqual({ hidden: false, span: null });
  });
});
