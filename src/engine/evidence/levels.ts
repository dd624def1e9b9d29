import { SAMPLES_PER_FRAME } from '../recognizer/acoustic-model.js';

/** A frame's level is read against this quantile of the answer's frame levels: its loud part. */
const LOUD_QUANTILE = 0.95;
const QUIETEST_DB = -80;

/** Each recogniser frame's level in dB against the answer's loud frames (LOUD_QUANTILE). */
export function frameLevels(samples: Float32Array): Float64Array {
  const count = Math.floor(samples.length / SAMPLES_PER_FRAME);
  const levels = new Float64Array(count);
  for (let frame = 0; frame < count; frame += 1) {
    let energy = 0;
    for (let i = frame * SAMPLES_PER_FRAME; i < (frame + 1) * SAMPLES_PER_FRAME; i += 1)
      energy += samples[i]! ** 2;
    levels[frame] = Math.max(QUIETEST_DB, 10 * Math.log10(energy / SAMPLES_PER_FRAME + 1e-12));
  }
  const loud = [...levels].sort((a, b) => a - b)[Math.floor(LOUD_QUANTILE * (count - 1))] ?? 0;
  return levels.map((level) => level - loud);
}

/** The mean level of a run of frames (the quietest level where there are none). */
export function levelOf(levels: Float64Array, startFrame: number, endFrame: number): number {
  const run = levels.subarray(Math.max(0, startFrame), Math.max(0, endFrame + 1));
  return run.length > 0 ? run.reduce((sum, level) => sum + level, 0) / run.length : QUIETEST_DB;
}
