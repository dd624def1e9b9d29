/**
 * Where a recording is clipped: a microphone turned up too far stores every sample past full
 * scale as full scale, so a vowel's peaks come out flat. One rule for the engine, which redraws
 * the flat tops and cautions the score, and for the app's meter, which warns while recording.
 */

/**
 * A sample this close to full scale is taken for a clipped one: a codec (MP3, Opus) returns a
 * flat top rippled and overshooting, and resampling softens it slightly.
 */
export const CLIP_LEVEL = 0.98;
/** A recording is clipped once this share of its samples sits at full scale, in runs. */
export const CLIPPED_RATIO_LIMIT = 0.001;

const sideOf = (sample: number): number =>
  sample >= CLIP_LEVEL ? 1 : sample <= -CLIP_LEVEL ? -1 : 0;

/**
 * Runs of two or more samples at full scale on one side: [first, last], inclusive. A lone
 * sample there is a peak that just reached it, not a top cut flat.
 */
export function clippedRuns(samples: Float32Array): [number, number][] {
  const runs: [number, number][] = [];
  for (let i = 0; i < samples.length; i++) {
    const side = sideOf(samples[i]!);
    if (side === 0) continue;
    let last = i;
    while (last + 1 < samples.length && sideOf(samples[last + 1]!) === side) last++;
    if (last > i) runs.push([i, last]);
    i = last;
  }
  return runs;
}

/** How many samples the runs hold. */
export function samplesInRuns(runs: readonly [number, number][]): number {
  return runs.reduce((sum, [first, last]) => sum + last - first + 1, 0);
}
