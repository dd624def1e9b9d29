import { describe, expect, it } from 'vitest';
import { frameLevels, soundingFrames, voiceSpan } from '../../src/engine/evidence/levels.js';
import { tonedAudio as audio } from '../helpers/toned-audio.js';

describe('sounding frames', () => {
  it('counts the frames of the voice, not the quiet between them', () => {
    const reading = audio(
      { frames: 50, tone: 0 },
      { frames: 100, tone: 0.3 },
      { frames: 80, tone: 0 },
      { frames: 60, tone: 0.1 },
    );
    expect(soundingFrames(frameLevels(reading))).toBe(160);
    expect(soundingFrames(frameLevels(reading), 150)).toBe(60);
  });

  it('leaves out what is far under the loud frames, and a steady noise floor', () => {
    const faint = audio({ frames: 100, tone: 0.3 }, { frames: 100, tone: 0.01 });
    expect(soundingFrames(frameLevels(faint))).toBe(100);
    const noisy = audio(
      { frames: 100, tone: 0, noise: 0.2 },
      { frames: 100, tone: 0.3, noise: 0.2 },
      { frames: 100, tone: 0, noise: 0.2 },
    );
    expect(soundingFrames(frameLevels(noisy))).toBe(100);
  });

  it('spans the voice and the quiet margin kept around it, a click outside apart', () => {
    const answer = audio(
      { frames: 100, tone: 0, noise: 0.001 },
      { frames: 3, tone: 0.5, noise: 0.001 },
      { frames: 150, tone: 0, noise: 0.001 },
      { frames: 120, tone: 0.3, noise: 0.001 },
      { frames: 300, tone: 0, noise: 0.001 },
    );
    expect(voiceSpan(frameLevels(answer), 50)).toEqual({ startFrame: 203, endFrame: 422 });
    expect(voiceSpan(frameLevels(answer), 400)).toEqual({ startFrame: 0, endFrame: 672 });
  });

  it('spans the whole answer where no voice sounds', () => {
    const quiet = audio({ frames: 80, tone: 0, noise: 0.001 });
    expect(voiceSpan(frameLevels(quiet), 50)).toEqual({ startFrame: 0, endFrame: 79 });
  });
});
