import { SAMPLES_PER_FRAME } from '../../src/engine/recognizer/acoustic-model.js';

/** Runs of recogniser frames, each a tone at `tone` amplitude over seeded noise of `noise`. */
export function tonedAudio(
  ...runs: { frames: number; tone: number; noise?: number }[]
): Float32Array {
  const samples: number[] = [];
  let seed = 7;
  for (const { frames, tone, noise = 0 } of runs) {
    for (let i = 0; i < frames * SAMPLES_PER_FRAME; i += 1) {
      seed = (seed * 16807) % 2147483647;
      samples.push(tone * Math.sin(i / 3) + noise * (seed / 2147483647 - 0.5));
    }
  }
  return Float32Array.from(samples);
}
