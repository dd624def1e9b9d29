import { describe, expect, it } from 'vitest';
import type { AcousticModel } from '../../src/engine/recognizer/acoustic-model.js';
import { SAMPLES_PER_FRAME } from '../../src/engine/recognizer/acoustic-model.js';
import {
  readingAfterFalseStart,
  restartAfterPause,
  splitFalseStart,
} from '../../src/engine/evidence/false-start.js';
import { tokenize } from '../../src/engine/text/words.js';
import { path, segment } from '../helpers/decoded-path.js';

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
  /** Speech (a loud tone) over 200 frames, quiet over `quiet` [first, last] frames. */
  function audio(quiet: [number, number] | null): Float32Array {
    const samples = new Float32Array(200 * SAMPLES_PER_FRAME);
    samples.forEach((_, i) => {
      const frame = Math.floor(i / SAMPLES_PER_FRAME);
      const silent = quiet !== null && frame >= quiet[0] && frame <= quiet[1];
      samples[i] = silent ? 0.0005 * Math.sin(i) : 0.3 * Math.sin((2 * Math.PI * 220 * i) / 16000);
    });
    return samples;
  }
  // The reader's pause, where the first decode below puts its silence.
  const samples = audio([30, 79]);

  /**
   * A model whose second decode (the audio after the pause) hears `tail` after `silence`
   * frames of the pause, and records where it began.
   */
  function modelHearing(
    tail: string,
    silence = 50,
  ): { model: AcousticModel; decodedFrom: number[] } {
    const decodedFrom: number[] = [];
    const model = {
      decodeGrammar: (audio: Float32Array) => {
        decodedFrom.push(200 - audio.length / SAMPLES_PER_FRAME);
        return [segment('<sil>', 0, silence), ...path(tail, silence)];
      },
    } as unknown as AcousticModel;
    return { model, decodedFrom };
  }

  /**
   * A model whose decode from the pause on puts a copy of "the" into its quiet, then `silence`
   * frames of silence, then reads on from "cat".
   */
  function copyInThePause(silence: number): AcousticModel {
    return {
      decodeGrammar: () => [
        segment('the', 0, 10),
        segment('<sil>', 10, silence),
        ...path('cat sat on the mat', 10 + silence),
      ],
    } as unknown as AcousticModel;
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
      ['the', 'cat', 'sat', 'on', 'the', 'mat'].map((word, index) => [word, 80 + index * 10]),
    );
  });

  it('splits off a false start heard with a word skipped, when the reading holds its words again', () => {
    const skipped = [...path('the sat', 10), segment('<sil>', 30, 50), ...path('on the mat', 80)];
    const split = restartAfterPause(
      modelHearing('the cat sat on the mat').model,
      samples,
      reference,
      skipped,
    );
    expect(split?.falseStart.map((word) => word.text)).toEqual(['the', 'sat']);
    expect(split?.reading).toHaveLength(6);
  });

  it('keeps the reading when the words "said again" are squeezed into the pause', () => {
    const { model } = modelHearing('the cat sat on the mat', 10);
    expect(restartAfterPause(model, samples, reference, firstPass)).toBeNull();
  });

  it('takes no restart where the decoder\'s "silence" is speech', () => {
    const { model } = modelHearing('the cat sat on the mat');
    expect(restartAfterPause(model, audio(null), reference, firstPass)).toBeNull();
  });

  it('does not take words from later in the sentence for a false start', () => {
    const late = [...path('the mat', 10), segment('<sil>', 30, 50), ...path('on the', 80)];
    expect(
      restartAfterPause(modelHearing('the cat sat on the mat').model, samples, reference, late),
    ).toBeNull();
  });

  it('aligns the reading from its first word over speech, not from a copy in the pause', () => {
    // The decode after the pause puts a copy of "the" into its quiet, then reads on from "cat".
    const split = restartAfterPause(copyInThePause(50), samples, reference, firstPass);
    expect(split?.falseStart.map((word) => word.text)).toEqual(['the', 'cat']);
    expect(split?.reading.map((word) => [word.text, word.startFrame])).toEqual(
      ['cat', 'sat', 'on', 'the', 'mat'].map((word, index) => [word, 90 + index * 10]),
    );
  });

  it('keeps the reading when the audio after the pause does not hold the same words', () => {
    const { model } = modelHearing('sat on the mat');
    expect(restartAfterPause(model, samples, reference, firstPass)).toBeNull();
  });

  it('keeps the reading when the "repeat" costs a word: the next word was misheard', () => {
    const { model } = modelHearing('the cat on the mat');
    expect(restartAfterPause(model, samples, reference, firstPass)).toBeNull();
  });

  it('keeps the reading when the "repeat" is fitted over speech before the pause', () => {
    // Said once, slowly: speech goes on over frames 30–49 under the decoder's silence, and the
    // decode from there fits the sentence's first words over it.
    const { model } = modelHearing('the cat sat on the mat', 1);
    expect(restartAfterPause(model, audio([50, 79]), reference, firstPass)).toBeNull();
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
    // A pause inside a reading said once, speech the decoder did not hear after it, and then the
    // sentence's last word.
    const late = [...path('the cat sat on the', 0), segment('<sil>', 50, 100), ...path('mat', 150)];
    expect(
      restartAfterPause(
        modelHearing('the cat sat on the mat', 40).model,
        audio([50, 89]),
        reference,
        late,
      ),
    ).toBeNull();
  });

  describe('the whole sentence read again', () => {
    // Read whole over frames 0–59, a pause over 60–99, read again over 100–199.
    const twice = audio([60, 99]);
    const firstReading = [...path('the cat sat on the mat', 0), segment('<sil>', 60, 140)];

    it('scores the second reading, the first shown as abandoned', () => {
      const { model, decodedFrom } = modelHearing('the cat sat on the mat', 40);
      const split = restartAfterPause(model, twice, reference, firstReading);
      expect(decodedFrom).toEqual([60]);
      expect(split?.falseStart.map((word) => [word.text, word.startFrame])).toEqual(
        ['the', 'cat', 'sat', 'on', 'the', 'mat'].map((word, index) => [word, index * 10]),
      );
      expect(split?.reading.map((word) => [word.text, word.startFrame])).toEqual(
        ['the', 'cat', 'sat', 'on', 'the', 'mat'].map((word, index) => [word, 100 + index * 10]),
      );
    });

    it('only where the speech after the pause was left unheard, and the first reading was whole', () => {
      const { model } = modelHearing('the cat sat on the mat', 40);
      // After the pause, only 0.3 s of sound, into which the second decode squeezes the sentence.
      const squeezed = {
        decodeGrammar: () => [
          segment('<sil>', 0, 110),
          ...['the', 'cat', 'sat', 'on', 'the', 'mat'].map((word, index) =>
            segment(word, 110 + index * 5, 5),
          ),
        ],
      } as unknown as AcousticModel;
      expect(restartAfterPause(squeezed, audio([60, 169]), reference, firstReading)).toBeNull();
      const lateStart = [...path('cat sat on the mat', 10), segment('<sil>', 60, 140)];
      expect(restartAfterPause(model, twice, reference, lateStart)).toBeNull();
      // A reading said once, decoded as four of its words with the rest left under silence.
      const part = [...path('the cat on mat', 20), segment('<sil>', 60, 140)];
      expect(restartAfterPause(model, twice, reference, part)).toBeNull();
    });
  });

  describe('read after a false start another model heard', () => {
    const heard = path('the cat', 10);

    it('decodes the reading from the false start’s end, the false start kept as heard', () => {
      const { model, decodedFrom } = modelHearing('the cat sat on the mat');
      const split = readingAfterFalseStart(model, samples, reference, heard);
      expect(decodedFrom).toEqual([30]);
      expect(split.falseStart).toBe(heard);
      expect(split.reading.map((word) => [word.text, word.startFrame])).toEqual(
        ['the', 'cat', 'sat', 'on', 'the', 'mat'].map((word, index) => [word, 80 + index * 10]),
      );
      expect(split.decodedPath.slice(0, 3).map((word) => word.text)).toEqual([
        'the',
        'cat',
        '<sil>',
      ]);
    });

    it('aligns the reading from its first word over speech, not from a copy in the pause', () => {
      const split = readingAfterFalseStart(copyInThePause(40), samples, reference, heard);
      expect(split.reading.map((word) => [word.text, word.startFrame])).toEqual(
        ['cat', 'sat', 'on', 'the', 'mat'].map((word, index) => [word, 80 + index * 10]),
      );
    });
  });
});
