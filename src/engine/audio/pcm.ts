/** Decoded audio before it is brought to the engine's fixed shape. */
export interface PcmAudio {
  /** One array per channel, samples as floats nominally in [-1, 1]. */
  channels: Float32Array[];
  sampleRate: number;
}

/**
 * One channel from several: their average, as a listener hears them. Where the average loses
 * more than the loudest channel alone averaged with silence would, the channels cancel (one
 * with its polarity inverted: a microphone pair wired out of phase, a broken stereo file), and
 * the loudest channel is kept instead: averaged, such an answer came out silent and was refused
 * as having no speech.
 */
export function toMono(channels: Float32Array[]): Float32Array {
  const first = channels[0];
  if (!first) return new Float32Array(0);
  if (channels.length === 1) return first;
  const length = Math.min(...channels.map((c) => c.length));
  const mono = new Float32Array(length);
  for (const channel of channels) {
    for (let i = 0; i < length; i++) mono[i]! += channel[i]!;
  }
  const gain = 1 / channels.length;
  for (let i = 0; i < length; i++) mono[i]! *= gain;
  const powers = channels.map((channel) => variance(channel, length));
  const loudest = powers.indexOf(Math.max(...powers));
  const cancelled = variance(mono, length) < powers[loudest]! * gain * gain;
  return cancelled ? channels[loudest]!.subarray(0, length) : mono;
}

/** The power of the first `length` samples about their mean (a DC offset is not sound). */
function variance(samples: Float32Array, length: number): number {
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < length; i++) {
    sum += samples[i]!;
    squares += samples[i]! * samples[i]!;
  }
  const mean = sum / Math.max(1, length);
  return squares / Math.max(1, length) - mean * mean;
}

/** The DC blocker's corner: two octaves under the lowest voices (a man's pitch, about 80 Hz). */
const DC_BLOCKER_HZ = 20;

/**
 * Takes out a DC offset: a constant some microphones and sound cards add to every sample, and
 * the slow swing a browser's recording starts with when its encoder's own filter settles on
 * such an offset. Left in, it made the quiet frames as loud as the offset, so the engine's
 * level-based steps (where the voice starts and ends, its pauses, its sounding time) lost the
 * quiet: a reading with an offset of 0.05 of full scale was cut to its first word and scored
 * content 1 of 3, and an exam-mode recording began with a swing taken for voice. A one-pole
 * high-pass filter (a DC blocker), started as if the recording had always been at its first
 * sample; samples that are not finite (clampInPlace bounds them) pass untouched.
 */
export function removeDcOffsetInPlace(samples: Float32Array, sampleRate: number): Float32Array {
  const pole = 1 - (2 * Math.PI * DC_BLOCKER_HZ) / sampleRate;
  let previousIn = samples.find((value) => Number.isFinite(value)) ?? 0;
  let previousOut = 0;
  for (let i = 0; i < samples.length; i++) {
    const value = samples[i]!;
    if (!Number.isFinite(value)) continue;
    previousOut = value - previousIn + pole * previousOut;
    previousIn = value;
    samples[i] = previousOut;
  }
  return samples;
}

/** Resampling filters may overshoot a little on full-scale input; the engine promises [-1, 1]. */
export function clampInPlace(samples: Float32Array): Float32Array {
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i]!;
    if (v > 1) samples[i] = 1;
    else if (v < -1) samples[i] = -1;
    else if (Number.isNaN(v)) samples[i] = 0;
  }
  return samples;
}
