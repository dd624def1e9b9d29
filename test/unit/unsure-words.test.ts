import { describe, expect, it } from 'vitest';
import type { Word } from '../../src/shared/contract/envelope.js';
import { missingWordSpan } from '../../src/shared/missing-word-span.js';
import { isUnsure, unsureNote, unsureWords } from '../../src/shared/unsure-words.js';
import { wordLegend } from '../../src/shared/word-legend.js';

function word(text: string, label: string, unsure?: boolean): Word {
  return {
    word: text,
    label,
    start: 100,
    end: 400,
    pronunciation: 0.8,
    phonemes: null,
    phonics: null,
    ...(unsure === undefined ? {} : { unsure }),
  };
}

describe('words the engine is not sure whether were said (rs)', () => {
  it('marks an rs word of the sentence whose `unsure` is true, said or Missing', () => {
    for (const label of ['Good', 'Average', 'Bad', 'Missing']) {
      expect(isUnsure(word('teachers', label, true), 'rs')).toBe(true);
    }
  });

  it('treats `unsure: false` and a missing field (older results) as sure', () => {
    expect(isUnsure(word('teachers', 'Good', false), 'rs')).toBe(false);
    expect(isUnsure(word('teachers', 'Good'), 'rs')).toBe(false);
  });

  it('never marks an entry that is not a word of the sentence, nor another task’s word', () => {
    for (const label of ['Pause', 'Inserted']) {
      expect(isUnsure(word('teachers', label, true), 'rs')).toBe(false);
    }
    for (const task of ['rl', 'di', 'wfd'] as const) {
      expect(isUnsure(word('teachers', 'Good', true), task)).toBe(false);
    }
  });

  it('lists the unsure words in the answer’s order', () => {
    const words = [
      word('the', 'Good', false),
      word('teachers', 'Average', true),
      word('', 'Pause'),
      word('ate', 'Missing', true),
      word('their', 'Missing', false),
      word('lunch', 'Good', true),
    ];
    expect(unsureWords(words, 'rs').map((w) => w.word)).toEqual(['teachers', 'ate', 'lunch']);
    expect(unsureWords(words, 'rl')).toEqual([]);
  });

  it('words the note for one word and for several', () => {
    expect(unsureNote([word('teachers', 'Good', true)])).toBe(
      'Listen to check: “teachers” — the engine is not sure whether it was said.',
    );
    expect(unsureNote([word('teachers', 'Good', true), word('lunch', 'Bad', true)])).toBe(
      'Listen to check: “teachers”, “lunch” — the engine is not sure whether these were said.',
    );
  });
});

describe('where to listen for a word the engine called Missing', () => {
  const timed = (text: string, start: number, end: number): Word => ({
    ...word(text, 'Good'),
    start,
    end,
  });
  const missing = (text: string): Word => ({ ...word(text, 'Missing', true), start: 0, end: 0 });

  it('spans the timed words either side of it, over pauses and other Missing words', () => {
    const words = [
      timed('the', 100, 300),
      missing('quick'),
      { ...word('', 'Pause'), start: 0, end: 0 },
      missing('brown'),
      timed('fox', 900, 1200),
      timed('jumps', 1250, 1500),
    ];
    expect(missingWordSpan(words, 1)).toEqual({ start: 100, end: 1200 });
    expect(missingWordSpan(words, 3)).toEqual({ start: 100, end: 1200 });
  });

  it('runs from the recording’s start or to its end where no word is timed on that side', () => {
    const words = [missing('the'), timed('cat', 400, 700), missing('sat')];
    expect(missingWordSpan(words, 0)).toEqual({ start: 0, end: 700 });
    expect(missingWordSpan(words, 2)).toEqual({ start: 400, end: Number.POSITIVE_INFINITY });
  });
});

describe('the word legend’s unsure mark', () => {
  it('is explained in Repeat Sentence only, after the labels', () => {
    const rs = wordLegend('rs');
    expect(rs.at(-1)).toEqual({ label: 'Unsure', name: 'Unsure: listen' });
    expect(rs.filter((entry) => entry.label === 'Unsure')).toHaveLength(1);
    for (const task of ['rl', 'di', 'wfd'] as const) {
      expect(wordLegend(task).map((entry) => entry.label)).not.toContain('Unsure');
    }
  });
});
