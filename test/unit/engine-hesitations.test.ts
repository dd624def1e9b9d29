import { describe, expect, it } from 'vitest';
import type { DecodedSegment } from '../../src/engine/recognizer/acoustic-model.js';
import { hesitationsOf } from '../../src/engine/evidence/hesitations.js';

/** A path of [text, frames] pieces laid end to end from frame 0. */
function path(...pieces: Array<[string, number]>): DecodedSegment[] {
  let start = 0;
  return pieces.map(([text, frames]) => {
    const segment = { text, startFrame: start, endFrame: start + frames - 1, acousticScore: -10 };
    start += frames;
    return segment;
  });
}

const WORDS = new Set(['um', 'uh', 'er']);

describe('hesitations of a spotting path', () => {
  it('hears a sustained vowel between silences as "uh", closed by M as "um"', () => {
    const found = hesitationsOf(
      path(['<sil>', 30], ['ph_aa', 34], ['<sil>', 80], ['ph_ah', 25], ['ph_m', 10], ['<sil>', 5]),
      WORDS,
    );
    expect(found.map(({ text, startFrame, endFrame }) => [text, startFrame, endFrame])).toEqual([
      ['uh', 30, 63],
      ['um', 144, 178],
    ]);
  });

  it('keeps hesitation words of 200 ms or more, and leaves out short ones and vowels inside speech', () => {
    const found = hesitationsOf(
      path(
        ['ph_b', 8],
        ['ph_aa', 30],
        ['ph_t', 6],
        ['um', 12],
        ['<sil>', 20],
        ['uh', 24],
        ['<sil>', 20],
        ['ph_ah', 12],
        ['<sil>', 20],
      ),
      WORDS,
    );
    expect(found.map(({ text, startFrame }) => [text, startFrame])).toEqual([['uh', 76]]);
  });
});
