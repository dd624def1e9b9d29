import { describe, expect, it } from 'vitest';
import type { Word } from '../../src/shared/contract/envelope.js';
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

describe('words the engine is not sure were said (rs)', () => {
  it('marks an rs word shown as said whose `unsure` is true, whatever its label', () => {
    for (const label of ['Good', 'Average', 'Bad']) {
      expect(isUnsure(word('teachers', label, true), 'rs')).toBe(true);
    }
  });

  it('treats `unsure: false` and a missing field (older results) as sure', () => {
    expect(isUnsure(word('teachers', 'Good', false), 'rs')).toBe(false);
    expect(isUnsure(word('teachers', 'Good'), 'rs')).toBe(false);
  });

  it('never marks an entry that is not a said word, nor another task’s word', () => {
    for (const label of ['Missing', 'Pause', 'Inserted']) {
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
      word('lunch', 'Good', true),
    ];
    expect(unsureWords(words, 'rs').map((w) => w.word)).toEqual(['teachers', 'lunch']);
    expect(unsureWords(words, 'rl')).toEqual([]);
  });

  it('words the note for one word and for several', () => {
    expect(unsureNote([word('teachers', 'Good', true)])).toBe(
      'Listen to check: “teachers” — the engine is not sure it was said.',
    );
    expect(unsureNote([word('teachers', 'Good', true), word('lunch', 'Bad', true)])).toBe(
      'Listen to check: “teachers”, “lunch” — the engine is not sure these were said.',
    );
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
