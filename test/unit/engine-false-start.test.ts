import { describe, expect, it } from 'vitest';
import type { AcousticModel, DecodedSegment } from '../../src/engine/recognizer/acoustic-model.js';
import { SAMPLES_PER_FRAME } from '../../src/engine/recognizer/acoustic-model.js';
import { restartAfterPause, splitFalseStart } from '../../src/engine/evidence/false-start.js';
import { tokenize } from '../../src/engine/text/words.js';

const segment = (text: string, startFrame: number, frames = 10): DecodedSegment => ({
  text,
  startFrame,
  endFrame: startFrame + frames - 1,
  acousticScore: -200,
});

/** Words laid end to end from `startFrame`, ten frames each. */
const path = (words: string, startFrame = 0): DecodedSegment[] =>
  words.split(' ').map((word, index) => segment(word, startFrame + index * 10));

describe('false starts', () => {
  const reference = tokenize('the cat sat on the mat');

  it('splits off the first words when the reader starts again with them', () => {
    const decoded = ['the', 'cat', 'the', 'cat', 'sat', 'on', 'the', 'mat'].map((word, index) =>
      segment(word, index * 10),
    );
    const split = splitFalseStart(decoded, reference);
    expect(split?.falseStart.map((word) => word.text)).toEqual(['the', 'cat']);
    expect(split?.reading.map((word) => word.startFrame)).toEqual([20, 30, 40, 50, 60, 70]);
  });

  it('keeps a reading in order as it is, even with a word said twice that could be a restart', () => {
    const decoded = ['the', 'cat', 'the', 'mat'].map((word, index) => segment(word, index * 10));
    expect(splitFalseStart(decoded, reference)).toEqual({ falseStart: [], reading: decoded });
  });

  it('refuses a restart that does not start again with the abandoned words', () => {
    const decoded = ['the', 'cat', 'sat', 'the', 'on', 'mat'].map((word, index) =>
      segment(word, index * 10),
    );
    expect(splitFalseStart(decoded, reference)).toBeNull();
  });
});

describe('a restart after a pause', () => {
  const reference = tokenize('the cat sat on the mat');
  const samples = new Float32Array(200 * SAMPLES_PER_FRAME);

  /** A model whose second decode (the audio after the pause) hears `tail`, and records where it began. */
  function modelHearing(tail: string): { model: AcousticModel; decodedFrom: number[] } {
    const decodedFrom: number[] = [];
    const model = {
      decodeGrammar: (audio: Float32Array) => {
        decodedFrom.push(200 - audio.length / SAMPLES_PER_FRAME);
        return [segment('<sil>', 0, 20), ...path(tail, 20)];
      },
    } as unknown as AcousticModel;
    return { model, decodedFrom };
  }

  // The first decode: "the cat", a pause of 0.5 s, and the rest stretched over the repeat.
  const firstPass = [
    ...path('the cat', 10),
    segment('<sil>', 30, 50),
    ...path('sat on the mat', 80),
  ];

  it('splits off the first words when the audio after the pause is read from them again', () => {
    const { model, decodedFrom } = modelHearing('the cat sat on the mat');
    const split = restartAfterPause(model, samples, reference, firstPass);
    expect(decodedFrom).toEqual([30]);
    expect(split?.falseStart.map((word) => [word.text, word.startFrame])).toEqual([
      ['the', 10],
      ['cat', 20],
    ]);
    expect(split?.reading.map((word) => [word.text, word.startFrame])).toEqual(
      ['the', 'cat', 'sat', 'on', 'the', 'mat'].map((word, index) => [word, 50 + index * 10]),
    );
  });

  it('keeps the reading when the audio after the pause does not start with the same words', () => {
    const { model } = modelHearing('sat on the mat');
    expect(restartAfterPause(model, samples, reference, firstPass)).toBeNull();
  });

  it('keeps the reading when the "repeat" costs a word: the next word was misheard', () => {
    const { model } = modelHearing('the cat on the mat');
    expect(restartAfterPause(model, samples, reference, firstPass)).toBeNull();
  });

  it('does not look behind a short breath, nor after more than the arc’s first words', () => {
    const breath = [
      ...path('the cat', 10),
      segment('<sil>', 30, 20),
      ...path('sat on the mat', 50),
    ];
    expect(
      restartAfterPause(modelHearing('the cat sat on the mat').model, samples, reference, breath),
    ).toBeNull();
    const late = [...path('the cat sat on the', 10), segment('<sil>', 60, 50), ...path('mat', 110)];
    expect(
      restartAfterPause(modelHearing('the cat sat on the mat').model, samples, reference, late),
    ).toBeNull();
  });
});
