/**
 * The recording's signal-to-noise ratio, measured so that competing speech counts as noise.
 *
 * A voice-activity detector calls babble (other people talking under the answer) speech, and
 * babble fills the answer's pauses, so "the level between the speech" cannot find it. Instead
 * the noise is the floor of each frequency band over the stretch where speech is heard: in a
 * clean reading every band falls to the room's noise at some moment (between words, in a stop,
 * above a vowel's formants); under babble or steady noise the bands never get that low.
 */
import { VAD_FRAME_SECONDS } from './vad.js';

const SAMPLE_RATE = 16000;
/** Eight band-pass filters, log-spaced over the telephone band the answer's speech lives in. */
const BAND_COUNT = 8;
const LOWEST_HZ = 150;
const HIGHEST_HZ = 3600;
const BAND_Q = 2;
/**
 * A band's noise floor: this quantile of its frame powers over the speech's stretch (chosen
 * with the bar in quality.ts on corpus-train speakers, bench/noise-bar.ts).
 */
const FLOOR_QUANTILE = 0.3;
/**
 * The stretch reaches this far either side of the speech, so that a reading without a pause
 * still shows the room's own level (else the floor is the speech's quietest moments).
 */
const MARGIN_SECONDS = 0.5;
/** Stands in for a noise floor of digital silence, far below any recording's. */
const TINY_POWER = 1e-12;

function bandCentres(): number[] {
  return Array.from(
    { length: BAND_COUNT },
    (_, index) => LOWEST_HZ * (HIGHEST_HZ / LOWEST_HZ) ** (index / (BAND_COUNT - 1)),
  );
}

/** Mean power of each VAD frame in one band (an RBJ band-pass biquad, 0 dB at the centre). */
function bandFramePowers(samples: Float32Array, centreHz: number): Float64Array {
  const frameLength = Math.round(VAD_FRAME_SECONDS * SAMPLE_RATE);
  const frames = Math.floor(samples.length / frameLength);
  const omega = (2 * Math.PI * centreHz) / SAMPLE_RATE;
  const alpha = Math.sin(omega) / (2 * BAND_Q);
  const a0 = 1 + alpha;
  const b0 = alpha / a0;
  const a1 = (-2 * Math.cos(omega)) / a0;
  const a2 = (1 - alpha) / a0;
  const powers = new Float64Array(frames);
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let frame = 0; frame < frames; frame += 1) {
    let energy = 0;
    for (let i = frame * frameLength; i < (frame + 1) * frameLength; i += 1) {
      const x = samples[i]!;
      const y = b0 * x - b0 * x2 - a1 * y1 - a2 * y2;
      x2 = x1;
      x1 = x;
      y2 = y1;
      y1 = y;
      energy += y * y;
    }
    powers[frame] = energy / frameLength;
  }
  return powers;
}

function quantile(values: Float64Array, fraction: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

/**
 * Speech power over noise power, in dB, from the VAD frames called speech (`speech[i]` for
 * frame i of VAD_FRAME_SECONDS); null when no frame is speech.
 */
export function signalToNoise(samples: Float32Array, speech: readonly boolean[]): number | null {
  if (!speech.includes(true)) return null;
  const margin = Math.round(MARGIN_SECONDS / VAD_FRAME_SECONDS);
  const first = Math.max(0, speech.indexOf(true) - margin);
  const last = Math.min(speech.length - 1, speech.lastIndexOf(true) + margin);
  let speechPower = 0;
  let noisePower = 0;
  for (const centre of bandCentres()) {
    const powers = bandFramePowers(samples, centre);
    const floor = quantile(powers.subarray(first, last + 1), FLOOR_QUANTILE);
    let sum = 0;
    let count = 0;
    speech.forEach((isSpeech, frame) => {
      if (isSpeech && frame < powers.length) {
        sum += powers[frame]!;
        count += 1;
      }
    });
    speechPower += Math.max(0, sum / Math.max(1, count) - floor);
    noisePower += floor;
  }
  return 10 * Math.log10(Math.max(TINY_POWER, speechPower) / Math.max(TINY_POWER, noisePower));
}
