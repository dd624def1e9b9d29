import { describe, expect, it } from 'vitest';
import { wordMarking } from '../../src/main/attempts/word-marking.js';
import type { AttemptRow } from '../../src/main/store/attempt-rows.js';
import { untimedWord, type Word } from '../../src/shared/contract/envelope.js';
import { componentMax } from '../../src/shared/contract/quantize.js';
import {
  engineReferenceWords,
  examinerWordChange,
  referenceWordPositions,
} from '../../src/shared/reference-words.js';
import { contentInDoubt, scoresFromWordMarks } from '../../src/shared/word-mark-scores.js';

/** Nine words, all heard; content 3 of 3 and overall 3.5 of 5, in steps of 0.1. */
const ALL_HEARD = {
  total: 9,
  engineSaid: 9,
  engineUnsure: 0,
  engineInDoubt: false,
  engineOverall: 3.5,
  contentMax: 3,
  overallMax: 5,
  precision: 0.1,
};

describe('content and overall from the examiner’s word marks (rs)', () => {
  it('gives content by the rule from the words marked said, on the native scale at scale 5', () => {
    const content = (examinerSaid: number) =>
      scoresFromWordMarks({ ...ALL_HEARD, examinerSaid }).content;
    expect([9, 8, 5, 4, 1, 0].map(content)).toEqual([3, 2, 2, 1, 1, 0]);
  });

  it('scales content as the engine scales its native 0–3: a share of the maximum, quantised', () => {
    // Scale 7: content's maximum is 3 × 7/5 = 4.2; 1 of 3 is 1.4, to the nearest half point.
    const scale7 = { ...ALL_HEARD, contentMax: componentMax(3, 7), overallMax: 7, precision: 0.5 };
    expect(scoresFromWordMarks({ ...scale7, examinerSaid: 1 }).content).toBe(1.5);
    // Scale 100 in whole points: 2 of 3 of 60.
    const scale100 = { ...ALL_HEARD, contentMax: componentMax(3, 100), overallMax: 100 };
    expect(scoresFromWordMarks({ ...scale100, precision: 1, examinerSaid: 8 }).content).toBe(40);
  });

  it('takes the examiner’s share of the sentence in place of the engine’s in overall', () => {
    // 3.5 ÷ 9/9 × 8/9 = 3.11.
    expect(scoresFromWordMarks({ ...ALL_HEARD, examinerSaid: 8 }).overall).toBe(3.1);
    // The engine heard 8 of 9 (overall 3.2): the examiner hears all 9, 3.2 ÷ 8/9 = 3.6.
    const eightHeard = { ...ALL_HEARD, engineSaid: 8, engineOverall: 3.2 };
    expect(scoresFromWordMarks({ ...eightHeard, examinerSaid: 9 })).toEqual({
      content: 3,
      overall: 3.6,
    });
    // The same count as the engine's gives the engine's scores back.
    expect(scoresFromWordMarks({ ...eightHeard, examinerSaid: 8 })).toEqual({
      content: 2,
      overall: 3.2,
    });
  });

  it('gives a word the examiner marks said a whole word where the engine gave an unsure one half', () => {
    // 9 heard, 2 of them unsure: share 8/9, overall 3.2 → delivery 3.6.
    const unsure = { ...ALL_HEARD, engineUnsure: 2, engineOverall: 3.2 };
    expect(scoresFromWordMarks({ ...unsure, examinerSaid: 9 })).toEqual({
      content: 3,
      overall: 3.6,
    });
    // One of the unsure words marked not said: 8 of 9 sure.
    expect(scoresFromWordMarks({ ...unsure, examinerSaid: 8 }).overall).toBe(3.2);
  });

  it('settles a doubt: the engine’s share was held at 1/3, the examiner’s is not', () => {
    // In doubt, all 9 heard: content held at 1 and the share at 1/3, overall 1.2.
    const doubtful = { ...ALL_HEARD, engineInDoubt: true, engineOverall: 1.2 };
    expect(scoresFromWordMarks({ ...doubtful, examinerSaid: 9 })).toEqual({
      content: 3,
      overall: 3.6,
    });
    expect(scoresFromWordMarks({ ...doubtful, examinerSaid: 3 })).toEqual({
      content: 1,
      overall: 1.2,
    });
  });

  it('caps overall at the scale and leaves it as the engine’s when the engine heard nothing', () => {
    const half = { ...ALL_HEARD, total: 10, engineSaid: 5, engineOverall: 4.6 };
    expect(scoresFromWordMarks({ ...half, examinerSaid: 10 }).overall).toBe(5);
    // Whatever the engine's overall is then (0 from this engine), there is no share to undo.
    const none = { ...ALL_HEARD, engineSaid: 0, engineOverall: 0.4 };
    expect(scoresFromWordMarks({ ...none, examinerSaid: 6 })).toEqual({ content: 2, overall: 0.4 });
  });

  it('reads the engine’s doubt from score_content’s status 1 alone', () => {
    const content = (status: number) => [{ name: 'score_content', status }];
    expect(contentInDoubt(content(1))).toBe(true);
    expect(contentInDoubt(content(0))).toBe(false);
    expect(contentInDoubt(content(2))).toBe(false);
    expect(contentInDoubt([{ name: 'score_fluency', status: 1 }, ...content(0)])).toBe(false);
  });
});

function heard(text: string, start: number, unsure = false, label = 'Good'): Word {
  return { ...untimedWord(text, 'Good'), label, start, end: start + 250, unsure };
}

/** A false start ("The"), a pause, "brown" unsure and "dog" missed: 8 of 9 heard. */
const WORDS: Word[] = [
  { ...heard('The', 0), label: 'Inserted' },
  heard('The', 400),
  heard('quick', 700),
  heard('brown', 1000, true, 'Average'),
  heard('fox', 1300),
  untimedWord('', 'Pause', 500),
  heard('jumps', 2100),
  heard('over', 2400),
  heard('the', 2700),
  heard('lazy', 3000, false, 'Bad'),
  untimedWord('dog', 'Missing'),
];

describe('the words of an rs sentence', () => {
  it('are the words heard and missed, in order, without pauses or a false start', () => {
    const engine = engineReferenceWords(WORDS);
    expect(engine.map((word) => word.text)).toEqual(
      'The quick brown fox jumps over the lazy dog'.split(' '),
    );
    expect(engine.map((word) => word.said)).toEqual([...Array(8).fill(true), false]);
    expect(engine.filter((word) => word.unsure).map((word) => word.text)).toEqual(['brown']);
    expect(referenceWordPositions(WORDS)).toEqual([null, 0, 1, 2, 3, null, 4, 5, 6, 7, 8]);
  });

  it('name where the examiner overturns the engine, and nothing where they agree', () => {
    expect(examinerWordChange(true, false)).toBe('not said');
    expect(examinerWordChange(false, true)).toBe('said');
    expect(examinerWordChange(true, true)).toBeNull();
    expect(examinerWordChange(false, null)).toBeNull();
  });
});

function scoredRow(fields: Partial<AttemptRow> = {}, words: Word[] = WORDS): AttemptRow {
  const component = (name: string, score: number, maxScore: number, status = 0) => ({
    name,
    score,
    suggestion: null,
    maxScore,
    status,
  });
  const response = {
    success: true,
    message: 'OK',
    version: '1.0.0',
    processTime: 0.1,
    data: {
      components: [
        component('score_content', 2, 3),
        component('score_pronunciation', 4, 5),
        component('score_fluency', 3.5, 5),
        component('overall', 3.2, 0),
      ],
      words,
      error: null,
    },
  };
  return {
    status: 'scored',
    task: 'rs',
    request_json: JSON.stringify({ scale: 5, precision: 0.1 }),
    response_json: JSON.stringify(response),
    content: 2,
    pronunciation: 4,
    fluency: 3.5,
    words: null,
    overall: 3.2,
    content_max: 3,
    pronunciation_max: 5,
    fluency_max: 5,
    overall_max: 5,
    mark_confirmed: null,
    mark_pronunciation: null,
    mark_fluency: null,
    mark_comment: null,
    ...fields,
  } as AttemptRow;
}

const ENGINE_SAID = [true, true, true, true, true, true, true, true, false];

describe('marking the words of a Repeat Sentence', () => {
  it('gives the examiner’s content and overall, with the engine’s delivery marks', () => {
    const notBrown = ENGINE_SAID.map((said, position) => position !== 2 && said);
    const { engine, mark } = wordMarking(scoredRow(), notBrown);
    expect(engine).toHaveLength(9);
    // 7 of 9: still 2 of 3. The engine's share was 7.5/9 ("brown" unsure, half a word), so
    // overall 3.2 ÷ 7.5/9 × 7/9 = 2.99.
    expect(mark).toEqual({
      confirmed: false,
      scores: { content: 2, pronunciation: 4, fluency: 3.5, words: null, overall: 3 },
      comment: '',
    });
    // 3.2 ÷ 7.5/9 = 3.84.
    const all = wordMarking(scoredRow(), Array(9).fill(true) as boolean[]);
    expect(all.mark.scores).toMatchObject({ content: 3, overall: 3.8 });
  });

  it('keeps the examiner’s own pronunciation, fluency and comment', () => {
    const row = scoredRow({
      mark_confirmed: 0,
      mark_pronunciation: 3,
      mark_fluency: 2.5,
      mark_comment: 'rushed',
    });
    expect(wordMarking(row, Array(9).fill(true) as boolean[]).mark).toEqual({
      confirmed: false,
      scores: { content: 3, pronunciation: 3, fluency: 2.5, words: null, overall: 3.8 },
      comment: 'rushed',
    });
  });

  it('confirms the engine’s scores when every mark is the engine’s', () => {
    const sure = WORDS.map((word) => (word.unsure ? { ...word, unsure: false } : word));
    expect(wordMarking(scoredRow({}, sure), ENGINE_SAID).mark).toMatchObject({
      confirmed: true,
      scores: { content: 2, pronunciation: 4, fluency: 3.5, overall: 3.2 },
    });
  });

  it('gives an unsure word marked said a whole word, so the engine’s own marks no longer confirm it', () => {
    // "brown" earned half a word of the engine's share: 3.2 ÷ 7.5/9 × 8/9 = 3.41.
    expect(wordMarking(scoredRow(), ENGINE_SAID).mark).toMatchObject({
      confirmed: false,
      scores: { content: 2, overall: 3.4 },
    });
  });

  it('takes a word the engine called Missing unsurely at the engine’s share, and whole once marked said', () => {
    const missingUnsure = WORDS.map((word) =>
      word.label === 'Missing' ? { ...word, unsure: true } : word,
    );
    const row = scoredRow({}, missingUnsure);
    expect(
      engineReferenceWords(missingUnsure)
        .filter((word) => word.unsure)
        .map((word) => word.text),
    ).toEqual(['brown', 'dog']);
    // "dog" earned nothing of the engine's share (still 7.5/9), so the engine's own marks give
    // the same 3.4 as without it, and marking it said 3.2 ÷ 7.5/9 × 9/9 = 3.84.
    expect(wordMarking(row, ENGINE_SAID).mark.scores).toMatchObject({ content: 2, overall: 3.4 });
    expect(wordMarking(row, Array(9).fill(true) as boolean[]).mark.scores).toMatchObject({
      content: 3,
      overall: 3.8,
    });
  });

  it('settles the engine’s doubt, so the engine’s own marks no longer confirm it', () => {
    const response = JSON.parse(scoredRow().response_json!) as {
      data: { components: { name: string; score: number; status: number }[] };
    };
    response.data.components[0] = { ...response.data.components[0]!, score: 1, status: 1 };
    // In doubt: content held at 1, the share at 1/3, overall 0.72 × 1/3 × 5 = 1.2.
    const row = scoredRow({ response_json: JSON.stringify(response), content: 1, overall: 1.2 });
    expect(wordMarking(row, ENGINE_SAID).mark).toMatchObject({
      confirmed: false,
      scores: { content: 2, overall: 3.2 },
    });
  });

  it('refuses a wrong count, another task and an attempt not scored', () => {
    expect(() => wordMarking(scoredRow(), [true, false])).toThrow(
      'Mark each of the sentence’s 9 words said or not said (2 were marked).',
    );
    for (const fields of [{ task: 'rl' as const }, { status: 'queued' as const }]) {
      expect(() => wordMarking(scoredRow(fields), ENGINE_SAID)).toThrow(
        'Words are marked said or not said on a scored Repeat Sentence.',
      );
    }
  });
});
