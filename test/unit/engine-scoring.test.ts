import { describe, expect, it } from 'vitest';
import { speakingComponents } from '../../src/engine/scoring/components.js';
import { repeatSentenceMark } from '../../src/engine/scoring/content.js';
import { wordLabel } from '../../src/engine/scoring/labels.js';
import { predict } from '../../src/engine/scoring/linear-model.js';
import { fitRidge } from '../../src/engine/scoring/ridge.js';
import type { HeardWord, SpeechAnalysis } from '../../src/engine/speech/analysis.js';
import { tokenize } from '../../src/engine/speech/lexicon.js';

function analysisHearing(text: string, slots: number[]): SpeechAnalysis {
  const heard: HeardWord[] = slots.map((slot, index) => ({
    slot,
    entry: 'x',
    startFrame: index * 30,
    endFrame: index * 30 + 20,
    phones: [],
  }));
  return { reference: tokenize(text), heard, rejected: 0, fillers: [], totalFrames: 300 };
}

describe('Repeat Sentence content', () => {
  const text = 'one two three four five six';
  it('marks all words in order 3, at least half 2, fewer 1, none 0', () => {
    expect(repeatSentenceMark(analysisHearing(text, [0, 1, 2, 3, 4, 5]))).toBe(3);
    expect(repeatSentenceMark(analysisHearing(text, [0, 2, 4]))).toBe(2);
    expect(repeatSentenceMark(analysisHearing(text, [5]))).toBe(1);
    expect(repeatSentenceMark(analysisHearing(text, []))).toBe(0);
  });
});

describe('components', () => {
  const part = (fraction: number) => ({ fraction, status: 0, suggestion: 's' });

  it('lists the contract order and makes overall the mean share times the scale', () => {
    const components = speakingComponents(
      { content: part(2 / 3), contentNativeMax: 3, pronunciation: part(0.5), fluency: part(0.8) },
      { scale: 10, precision: 0.5 },
    );
    expect(components.map((c) => c.name)).toEqual([
      'score_content',
      'score_pronunciation',
      'score_fluency',
      'overall',
    ]);
    expect(components.map((c) => c.maxScore)).toEqual([6, 10, 10, 0]);
    expect(components.map((c) => c.score)).toEqual([4, 5, 8, 6.5]);
    expect(components[3]?.suggestion).toBeNull();
  });

  it('carries the worst status onto overall', () => {
    const components = speakingComponents(
      {
        content: part(1),
        contentNativeMax: 5,
        pronunciation: { ...part(1), status: 1 },
        fluency: part(1),
      },
      { scale: 5, precision: 0.1 },
    );
    expect(components.map((c) => c.status)).toEqual([0, 1, 0, 1]);
  });
});

describe('word labels', () => {
  it('uses documented thresholds on the share of the top mark', () => {
    expect(wordLabel(0.9)).toBe('Good');
    expect(wordLabel(0.7)).toBe('Good');
    expect(wordLabel(0.5)).toBe('Average');
    expect(wordLabel(0.2)).toBe('Bad');
  });
});

describe('ridge calibration', () => {
  it('recovers a linear relation and clamps predictions to the target range', () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({
      values: { a: i, b: i % 7 },
      target: 2 + 0.1 * i - 0.3 * (i % 7),
    }));
    const model = fitRidge(rows, ['a', 'b'], 1e-6, { min: 0, max: 10 });
    expect(predict(model, { a: 20, b: 3 })).toBeCloseTo(2 + 2 - 0.9, 3);
    expect(predict(model, { a: 1000, b: 0 })).toBe(10);
  });
});
