import { describe, expect, it } from 'vitest';
import { corpusAvailable, readLabels, speakerOf } from '../../bench/so762-corpus.js';
import {
  buildExamRetellCases,
  EXAM_OPTIONS,
  examinerKeywords,
  lectureSentencesOf,
  saidText,
  says,
} from '../../bench/retell-cases.js';
import { heardFromSuggestion, keyPointDecisions } from '../../bench/retell-key-points.js';
import { seededRandom } from '../../scripts/seeded-random.js';

describe('heardFromSuggestion', () => {
  it('reads keywords with commas and periods whole from the Covered list', () => {
    const keywords = ['U.S. economy', '1990', 'climate, change', 'well-known', 'trade with Asia'];
    const suggestion =
      'The answer covers some key points (3 of 5). Covered: U.S. economy, climate, change, trade with Asia. Missed: 1990, well-known.';
    expect(heardFromSuggestion(suggestion, keywords)).toEqual([true, false, true, false, true]);
  });

  it('hears nothing when the suggestion lists none covered, or names no key points', () => {
    expect(
      heardFromSuggestion('The answer is off-topic. Missed: bees, honey.', ['bees', 'honey']),
    ).toEqual([false, false]);
    expect(heardFromSuggestion(null, ['bees'])).toEqual([false]);
  });
});

describe('keyPointDecisions', () => {
  const components = [
    {
      name: 'score_content',
      suggestion: 'The answer covers some key points (1 of 2). Covered: bees. Missed: honey.',
    },
  ];

  it("prefers the engine's data.keyPoints, with their confidence", () => {
    const keyPoints = [
      { text: 'bees', heard: false, confidence: 0.2, start: 0, end: 0 },
      { text: 'honey', heard: true, confidence: 0.9, start: 100, end: 400 },
    ];
    expect(keyPointDecisions({ components, keyPoints }, ['bees', 'honey'])).toEqual({
      heard: [false, true],
      confidence: [0.2, 0.9],
      source: 'keyPoints',
    });
  });

  it('falls back to the suggestion without data.keyPoints, and refuses key points out of order', () => {
    expect(keyPointDecisions({ components }, ['bees', 'honey'])).toEqual({
      heard: [true, false],
      confidence: null,
      source: 'suggestion',
    });
    const swapped = [
      { text: 'honey', heard: true, confidence: 0.9, start: 0, end: 0 },
      { text: 'bees', heard: false, confidence: 0.2, start: 0, end: 0 },
    ];
    expect(() => keyPointDecisions({ components, keyPoints: swapped }, ['bees', 'honey'])).toThrow(
      /do not follow/u,
    );
  });
});

describe('examinerKeywords', () => {
  const sentences = ['Look at Billy’s foot.', 'Seven birds fly over the big red barn.'];

  it('writes content words and adjacent pairs in the text order, numbers in digits, no word twice', () => {
    const keywords = examinerKeywords(sentences, 8, seededRandom(3));
    expect(keywords.length).toBeGreaterThanOrEqual(5);
    expect(keywords.some((keyword) => keyword.includes(' '))).toBe(true);
    expect(keywords.join(' ')).toMatch(/\b7\b/u);
    expect(keywords.join(' ')).not.toMatch(/\b(at|the|over)\b/u);
    const words = keywords.flatMap((keyword) => keyword.split(' '));
    expect(new Set(words).size).toBe(words.length);
  });

  it('lists the keywords in the lecture’s order, a long sentence before a short one', () => {
    const text = ['Seven birds fly over the big red barn.', 'Look at Billy’s foot.'];
    const keywords = examinerKeywords(text, 20, seededRandom(5));
    const at = (keyword: string): number =>
      text.join(' ').toLowerCase().replace('seven', '7').indexOf(keyword.split(' ')[0]!);
    const places = keywords.map(at);
    expect(places.every((place) => place >= 0)).toBe(true);
    expect(places).toEqual([...places].sort((a, b) => a - b));
  });

  it('says a digit keyword is said by its number word, and a phrase only with its words adjacent', () => {
    expect(says('SEVEN BIRDS FLY', { words: ['seven', 'birds'] })).toBe(true);
    expect(says('BIRDS SEVEN FLY', { words: ['seven', 'birds'] })).toBe(false);
  });
});

describe.skipIf(!corpusAvailable())('exam-like retell cases (needs ../shared/so762)', () => {
  const labels = readLabels();
  const cases = buildExamRetellCases(labels);

  it('builds the same cases every time, over every lecture length, share and list size of 3–40', () => {
    expect(buildExamRetellCases(labels)).toEqual(cases);
    const lengths = new Set(cases.map((item) => item.answer.lectureSentences));
    expect([...lengths].sort((a, b) => a - b)).toEqual([...EXAM_OPTIONS.lectureLengths]);
    const sizes = cases.map((item) => item.keywords.length);
    expect(Math.min(...sizes)).toBe(3);
    expect(Math.max(...sizes)).toBeGreaterThan(20);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(40);
    expect(cases.some((item) => item.answer.parts.some((part) => part.kind === 'hesitation'))).toBe(
      true,
    );
    expect(cases.filter((item) => item.answer.seconds >= 30).length).toBeGreaterThan(20);
  });

  it('answers are one speaker, within 40 s, saying the lecture sentences they claim', () => {
    for (const { answer, keywords, said } of cases) {
      const recordings = answer.parts.filter((part) => part.kind !== 'hesitation');
      expect(new Set(recordings.map((part) => speakerOf(part.source)))).toEqual(
        new Set([answer.speaker]),
      );
      expect(answer.seconds).toBeLessThanOrEqual(EXAM_OPTIONS.maxAnswerSeconds);
      const lecture = lectureSentencesOf(answer);
      expect(lecture).toHaveLength(answer.lectureSentences);
      expect(recordings.filter((part) => part.kind === 'lecture')).toHaveLength(
        answer.saidSentences,
      );
      expect(said).toHaveLength(keywords.length);
      if (answer.saidSentences === 0) expect(saidText(answer)).not.toBe('');
    }
  });

  it('orders an in-order retelling as the lecture does', () => {
    const inOrder = cases.filter(
      (item) => item.answer.order === 'in order' && item.answer.saidSentences >= 3,
    );
    expect(inOrder.length).toBeGreaterThan(10);
    for (const { answer } of inOrder) {
      const lecture = answer.lecture.toLowerCase();
      const at = answer.parts
        .filter((part) => part.kind === 'lecture')
        .map((part) => lecture.indexOf(part.text.toLowerCase()));
      expect(at.every((position) => position >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
    }
  });
});
