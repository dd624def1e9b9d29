/** Decoded audio before it is brought to the engine's fixed shape. */
export interface PcmAudio {
  /** One array per channel, samples as floats nominally in [-1, 1]. */
  channels: Float32Array[];
  sampleRate: number;
}

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
  return mono;
}

/**
 * Takes out a DC offset: a constant some microphones and sound cards add to every sample. Left
 * in, it made every quiet frame as loud as the offset, so the engine's level-based steps (where
 * the voice starts and ends, its pauses, its sounding time) lost the quiet: a reading with an
 * offset of 0.05 of full scale was cut to its first words and scored content 1 of 3. The mean
 * of the recording is the offset (speech and room noise average to nothing); NaNs, which
 * clampInPlace zeroes, are left out of it.
 */
export function removeDcOffsetInPlace(samples: Float32Array): Float32Array {
  let sum = 0;
  let count = 0;
  for (const v of samples) {
    if (Number.isNaN(v)) continue;
    sum += v;
    count += 1;
  }
  const offset = count > 0 ? sum / count : 0;
  if (offset !== 0) for (let i = 0; i < samples.length; i++) samples[i]! -= offset;
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
