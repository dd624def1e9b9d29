/**
 * Digital silence (a noise gate, a padded file, a synthetic voice's pauses) is not what
 * the acoustic model heard in training: every recording it learnt from has a room's noise
 * floor. Frames of zeros give the front end the log energy of nothing and pull its cepstral
 * mean, and speech beside them is heard as silence. So runs that 16-bit audio would store as
 * zeros are filled with a quiet room's level before decoding; audio that has a noise floor is
 * passed unchanged.
 */

/** A run at least one 10 ms frame long (16 kHz) is digital silence, not a zero crossing. */
const MIN_RUN = 160;
/**
 * What 16-bit audio stores as zero: exact zeros, and what a codec's decoder gives back for
 * them (Opus returns them as floats of about 1e-6). Filling anything louder, even a dithered
 * floor of one or two steps, changed real learners' scores both ways on speechocean762.
 */
const SILENT_BELOW = 0.5 / 32768;
/** Uniform noise of this amplitude: about −65 dBFS RMS, a quiet room. */
const ROOM_AMPLITUDE = 0.001;

export function withRoomNoise(samples: Float32Array): Float32Array {
  let out: Float32Array | null = null;
  let runStart = -1;
  for (let i = 0; i <= samples.length; i += 1) {
    if (i < samples.length && Math.abs(samples[i]!) < SILENT_BELOW) {
      if (runStart < 0) runStart = i;
      continue;
    }
    if (runStart >= 0 && i - runStart >= MIN_RUN) {
      out ??= Float32Array.from(samples);
      fillWithNoise(out, runStart, i);
    }
    runStart = -1;
  }
  return out ?? samples;
}

/** Deterministic (seeded by position) so that the same audio always decodes the same way. */
function fillWithNoise(samples: Float32Array, from: number, to: number): void {
  let state = (from * 2654435761) >>> 0 || 1;
  for (let i = from; i < to; i += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    samples[i] = ROOM_AMPLITUDE * ((state / 0x100000000) * 2 - 1);
  }
}
