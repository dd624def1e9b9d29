/**
 * The quiet the acoustic model never heard. Every recording it learnt from has a room's noise
 * floor within a few tens of dB of the speech, and its front end normalises each decode by the
 * mean of all its frames (batch CMN). Frames far quieter than that drag the mean down, and the
 * quieter half of the speech beside them is heard as silence: digital silence (a noise gate, a
 * padded file, a synthetic voice's pauses) gives the front end the log energy of nothing, and a
 * very quiet room does much the same (an espeak-ng reading with 0.3 s of quiet before it and
 * 0.7 s after, digital silence filled at −65 dBFS, decoded as "<sil> the on <sil> holidays <sil>"). So before decoding, runs
 * that 16-bit audio would store as zeros are filled with a quiet room's level, and then, where
 * the floor is more than `WIDEST_RANGE_DB` under the speech, a room's noise at that distance is
 * added throughout. Audio with an ordinary floor reaches the decoder unchanged. The noise is
 * seeded, so the same audio always decodes the same way.
 */

/** Frames of 10 ms at 16 kHz; a run of zeros this long is digital silence, not a zero crossing. */
const FRAME = 160;
/**
 * What 16-bit audio stores as zero: exact zeros, and what a codec's decoder gives back for
 * them (Opus returns them as floats of about 1e-6). Filling anything louder, even a dithered
 * floor of one or two steps, changed real learners' scores both ways on speechocean762.
 */
const SILENT_BELOW = 0.5 / 32768;
/** Uniform noise of this amplitude: about −65 dBFS RMS, a quiet room. */
const ROOM_AMPLITUDE = 0.001;
/** The speech level is this quantile of the frames' levels, the floor this one. */
const SPEECH_QUANTILE = 0.95;
const FLOOR_QUANTILE = 0.1;
/**
 * The widest range from the speech to the floor passed unchanged, in dB. Espeak-ng readings
 * decode whole up to about 50 dB and lose words beyond 55; 91% of speechocean762's recordings
 * are within 50 dB (median 40).
 */
export const WIDEST_RANGE_DB = 50;

/** What the decoder is given: zeros filled, then a floor too far under the speech raised. */
export function withRoomFloor(samples: Float32Array): Float32Array {
  return withFloorRaised(withZerosFilled(samples));
}

/** Runs of digital silence filled with a quiet room's noise. */
export function withZerosFilled(samples: Float32Array): Float32Array {
  let out: Float32Array | null = null;
  let runStart = -1;
  for (let i = 0; i <= samples.length; i += 1) {
    if (i < samples.length && Math.abs(samples[i]!) < SILENT_BELOW) {
      if (runStart < 0) runStart = i;
      continue;
    }
    if (runStart >= 0 && i - runStart >= FRAME) {
      out ??= Float32Array.from(samples);
      const noise = roomNoise(runStart);
      for (let j = runStart; j < i; j += 1) out[j] = ROOM_AMPLITUDE * noise();
    }
    runStart = -1;
  }
  return out ?? samples;
}

function withFloorRaised(samples: Float32Array): Float32Array {
  const levels = frameLevelsDb(samples);
  if (levels.length === 0) return samples;
  const speechDb = quantileOf(levels, SPEECH_QUANTILE);
  if (speechDb - quantileOf(levels, FLOOR_QUANTILE) <= WIDEST_RANGE_DB) return samples;
  // Uniform noise of amplitude a has an RMS of a / √3.
  const amplitude = Math.sqrt(3) * 10 ** ((speechDb - WIDEST_RANGE_DB) / 20);
  const noise = roomNoise(0);
  return samples.map((value) => value + amplitude * noise());
}

/** Each 10 ms frame's level in dB (full scale 0), in ascending order. */
function frameLevelsDb(samples: Float32Array): number[] {
  const levels: number[] = [];
  for (let start = 0; start + FRAME <= samples.length; start += FRAME) {
    let sum = 0;
    for (let i = start; i < start + FRAME; i += 1) sum += samples[i]! * samples[i]!;
    levels.push(10 * Math.log10(sum / FRAME + 1e-20));
  }
  return levels.sort((a, b) => a - b);
}

function quantileOf(sorted: readonly number[], quantile: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))]!;
}

/** Uniform noise in [−1, 1), seeded by a position (xorshift32). */
function roomNoise(position: number): () => number {
  let state = (position * 2654435761) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return (state / 0x100000000) * 2 - 1;
  };
}
