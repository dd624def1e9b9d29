import { describe, expect, it } from 'vitest';
import { frameLevels, soundingFrames } from '../../src/engine/evidence/levels.js';
import { SAMPLES_PER_FRAME } from '../../src/engine/recognizer/acoustic-model.js';

/** `frames` recogniser frames of a tone at `amplitude`, or of seeded noise where `noise` is set. */
function stretch(frames: number, amplitude: number, noise = 0): Float32Array {
  let seed = 7;
  return Float32Array.from({ length: frames * SAMPLES_PER_FRAME }, (_, i) => {
    seed = (seed * 16807) % 2147483647;
    return amplitude * Math.sin(i / 3) + noise * (seed / 2147483647 - 0.5);
  });
}

function joined(...parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

describe('sounding frames', () => {
  it('counts the frames of the voice, not the quiet between them', () => {
    const audio = joined(stretch(50, 0), stretch(100, 0.3), stretch(80, 0), stretch(60, 0.1));
    expect(soundingFrames(frameLevels(audio))).toBe(160);
    expect(soundingFrames(frameLevels(audio), 150)).toBe(60);
  });

  it('leaves out what is far under the loud frames, and a steady noise floor', () => {
    const faint = joined(stretch(100, 0.3), stretch(100, 0.01));
    expect(soundingFrames(frameLevels(faint))).toBe(100);
    const noisy = joined(stretch(100, 0, 0.2), stretch(100, 0.3, 0.2), stretch(100, 0, 0.2));
    expect(soundingFrames(frameLevels(noisy))).toBe(100);
  });
});
