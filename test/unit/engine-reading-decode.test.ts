import { describe, expect, it } from 'vitest';
import type {
  AcousticModel,
  Beams,
  DecodedSegment,
} from '../../src/engine/recognizer/acoustic-model.js';
import { SAMPLES_PER_FRAME } from '../../src/engine/recognizer/acoustic-model.js';
import { frameLevels } from '../../src/engine/evidence/levels.js';
import { decodeReading } from '../../src/engine/evidence/reading-decode.js';
import { tokenize } from '../../src/engine/text/words.js';
import { path, segment } from '../helpers/decoded-path.js';

/** Speech (a loud tone) over 100 frames, then 20 frames of near silence. */
const samples = new Float32Array(120 * SAMPLES_PER_FRAME).map((_, i) =>
  i < 100 * SAMPLES_PER_FRAME
    ? 0.3 * Math.sin((2 * Math.PI * 220 * i) / 16000)
    : 0.0005 * Math.sin(i),
);
const levels = frameLevels(samples);
const sentence = 'the cat sat on the mat';
const reference = tokenize(sentence);

/** A model decoding `narrow` under its own beams and `wide` under any others; records grammars. */
function modelDecoding(narrow: DecodedSegment[], wide: DecodedSegment[]) {
  const grammars: string[] = [];
  const beams: Beams[] = [];
  let widened = false;
  const model = {
    decodeGrammar: (_: Float32Array, jsgf: string) => {
      grammars.push(jsgf);
      return widened ? wide : narrow;
    },
    withBeams: <T>(given: Beams, run: () => T): T => {
      beams.push(given);
      widened = true;
      try {
        return run();
      } finally {
        widened = false;
      }
    },
  } as unknown as AcousticModel;
  return { model, grammars, beams };
}

const whole = [...path(sentence), segment('<sil>', 60, 60)];
// The reading lost: the last words fitted to its start, the rest of the speech under silence.
const lost = [...path('the mat'), segment('<sil>', 20, 100)];

describe('the reading decode', () => {
  it('decodes a reading once where the path leaves no speech under silence', () => {
    const { model, grammars, beams } = modelDecoding(whole, []);
    const split = decodeReading(model, samples, levels, reference, true);
    expect(split.reading.map((word) => word.text)).toEqual(sentence.split(' '));
    expect(grammars).toHaveLength(1);
    expect(beams).toEqual([]);
  });

  it('decodes a lost reading again with wide beams and a restart arc weighted for them', () => {
    const { model, grammars, beams } = modelDecoding(lost, whole);
    const split = decodeReading(model, samples, levels, reference, true);
    expect(split.reading.map((word) => word.text)).toEqual(sentence.split(' '));
    expect(beams).toEqual([{ beam: 1e-80, pbeam: 1e-80, wbeam: 1e-60 }]);
    expect(grammars[0]).toContain('/1e-20/');
    expect(grammars[1]).toContain('/1e-50/');
  });

  it('keeps the first decode where the wide one leaves as much speech under silence', () => {
    const { model } = modelDecoding(lost, [...path('the'), segment('<sil>', 10, 110)]);
    const split = decodeReading(model, samples, levels, reference, true);
    expect(split.reading.map((word) => word.text)).toEqual(['the', 'mat']);
  });

  it('decodes free speech once, without a restart arc, whatever it leaves', () => {
    const { model, grammars, beams } = modelDecoding(lost, whole);
    const split = decodeReading(model, samples, levels, reference, false);
    expect(split.reading.map((word) => word.text)).toEqual(['the', 'mat']);
    expect(grammars).toHaveLength(1);
    expect(grammars[0]).not.toContain('/1e-20/');
    expect(beams).toEqual([]);
  });
});
