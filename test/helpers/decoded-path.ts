import type { DecodedSegment } from '../../src/engine/recognizer/acoustic-model.js';

/** A decoded segment of `frames` frames from `startFrame`. */
export const segment = (text: string, startFrame: number, frames = 10): DecodedSegment => ({
  text,
  startFrame,
  endFrame: startFrame + frames - 1,
  acousticScore: -200,
});

/** Words laid end to end from `startFrame`, ten frames each. */
export const path = (words: string, startFrame = 0): DecodedSegment[] =>
  words.split(' ').map((word, index) => segment(word, startFrame + index * 10));
