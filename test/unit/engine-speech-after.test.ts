import { describe, expect, it } from 'vitest';
import type { AcousticModel, DecodedSegment } from '../../src/engine/recognizer/acoustic-model.js';
import { SAMPLES_PER_FRAME } from '../../src/engine/recognizer/acoustic-model.js';
import { frameLevels } from '../../src/engine/evidence/levels.js';
import { decodeReading } from '../../src/engine/evidence/reading-decode.js';
import { speechAfter } from '../../src/engine/evidence/speech-after.js';
import { tokenize } from '../../src/engine/text/words.js';
import { path, segment } from '../helpers/decoded-path.js';

const reference = tokenize('the cat sat on the mat');

/** 200 frames of speech (a loud tone), quiet over the `quiet` [first, last] frames. */
function audio(...quiet: Array<[number, number]>): Float32Array {
  return new Float32Array(200 * SAMPLES_PER_FRAME).map((_, i) => {
    const frame = Math.floor(i / SAMPLES_PER_FRAME);
    return quiet.some(([first, last]) => frame >= first && frame <= last)
      ? 0.0005 * Math.sin(i)
      : 0.3 * Math.sin((2 * Math.PI * 220 * i) / 16000);
  });
}

const reading = (decodedPath: DecodedSegment[]) => ({
  decodedPath,
  falseStart: [],
  reading: decodedPath.filter((segment) => segment.text !== '<sil>'),
});

// The sentence over frames 0–59, a pause over 60–119, more speech over 120–199.
const readThenTalk = frameLevels(audio([60, 119]));
const whole = [...path('the cat sat on the mat'), segment('<sil>', 60, 140)];

describe('speech after a reading', () => {
  it('ends a whole reading half a second into the pause before more speech', () => {
    expect(speechAfter(reading(whole), reference, readThenTalk)).toEqual({
      endFrame: 110,
      lastWordAfter: false,
    });
  });

  it('ends it where the speech starts when the pause is shorter than the quiet kept', () => {
    const shortPause = frameLevels(audio([60, 99]));
    expect(speechAfter(reading(whole), reference, shortPause)?.endFrame).toBe(100);
  });

  it('ends nothing without a pause, without 0.5 s of speech after it, or short of a word', () => {
    expect(speechAfter(reading(whole), reference, frameLevels(audio([60, 79])))).toBeUndefined();
    expect(speechAfter(reading(whole), reference, frameLevels(audio([60, 159])))).toBeUndefined();
    const noLastWord = [...path('the cat sat on the'), segment('<sil>', 50, 150)];
    expect(speechAfter(reading(noLastWord), reference, readThenTalk)).toBeUndefined();
    // A word missing: the speech after the pause may be the reader's own words, said late.
    const wordMissing = [...path('the cat on the mat'), segment('<sil>', 50, 150)];
    expect(speechAfter(reading(wordMissing), reference, readThenTalk)).toBeUndefined();
  });

  it('finds the pause where the decode put the last word into the speech after it', () => {
    const lastLate = [
      ...path('the cat sat on the'),
      segment('<sil>', 50, 80),
      segment('mat', 130),
      segment('<sil>', 140, 60),
    ];
    expect(speechAfter(reading(lastLate), reference, frameLevels(audio([50, 119])))).toEqual({
      endFrame: 100,
      lastWordAfter: true,
    });
    // Found in the pause, not in the speech after it: the reader paused before the last word.
    const lastInPause = [
      ...path('the cat sat on the'),
      segment('<sil>', 50, 50),
      segment('mat', 100),
    ];
    expect(speechAfter(reading(lastInPause), reference, frameLevels(audio([50, 109])))).toBe(
      undefined,
    );
  });
});

describe('the reading decode, with speech after the reading', () => {
  /** A model decoding `first` over the whole answer and `head` over any shorter audio. */
  function modelDecoding(first: DecodedSegment[], head: DecodedSegment[]) {
    const lengths: number[] = [];
    const model = {
      decodeGrammar: (samples: Float32Array) => {
        lengths.push(samples.length / SAMPLES_PER_FRAME);
        return samples.length === 200 * SAMPLES_PER_FRAME ? first : head;
      },
      withBeams: <T>(_: unknown, run: () => T): T => run(),
    } as unknown as AcousticModel;
    return { model, lengths };
  }

  it('ends a whole reading before the speech after it, its audio not decoded again', () => {
    const samples = audio([60, 119]);
    const { model, lengths } = modelDecoding(whole, []);
    const split = decodeReading(model, samples, frameLevels(samples), reference, true);
    expect(split.endFrame).toBe(110);
    expect(split.reading.map((word) => word.text)).toEqual(reference.map((word) => word.display));
    // The answer is decoded again only whole (wide beams) and from the pause on (read twice?).
    expect(new Set(lengths)).toEqual(new Set([200, 140]));
  });

  it('decodes again the audio before the pause when the last word was found after it', () => {
    const samples = audio([50, 119]);
    const lastLate = [...path('the cat sat on the'), segment('<sil>', 50, 80), segment('mat', 130)];
    const head = [...path('the cat sat on the'), segment('mat', 50, 5), segment('<sil>', 55, 45)];
    const { model, lengths } = modelDecoding([...lastLate, segment('<sil>', 140, 60)], head);
    const split = decodeReading(model, samples, frameLevels(samples), reference, true);
    expect(lengths.at(-1)).toBe(100);
    expect(split.endFrame).toBe(100);
    expect(split.reading.at(-1)).toEqual(segment('mat', 50, 5));
  });

  it('keeps the first decode when the audio before the pause is not the whole reading', () => {
    const samples = audio([50, 119]);
    const lastLate = [...path('the cat sat on the'), segment('<sil>', 50, 80), segment('mat', 130)];
    const first = [...lastLate, segment('<sil>', 140, 60)];
    const { model } = modelDecoding(first, [...path('the cat sat'), segment('<sil>', 30, 70)]);
    const split = decodeReading(model, samples, frameLevels(samples), reference, true);
    expect(split.endFrame).toBeUndefined();
    expect(split.decodedPath).toBe(first);
  });

  it('leaves free speech, decoded once, to run to the end', () => {
    const samples = audio([60, 119]);
    const { model } = modelDecoding(whole, []);
    expect(decodeReading(model, samples, frameLevels(samples), reference, false).endFrame).toBe(
      undefined,
    );
  });
});
