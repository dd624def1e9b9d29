/**
 * The recording's signal-to-noise ratio, measured so that competing speech counts as noise.
 *
 * A voice-activity detector calls babble (other people talking under the answer) speech, and
 * babble fills the answer's pauses, so "the level between the speech" cannot find it. Instead
 * the noise is the floor of each frequency band over the stretch where speech is heard: in a
 * clean reading every band falls to the room's noise at some moment (between words, in a stop,
 * above a vowel's formants); under babble or steady noise the bands never get that low.
 *
 * Speech that fills nearly all of its stretch (a fluent voice, a synthetic one, a file trimmed
 * to the speech) leaves the floor on the speech itself. So where the room heard around the
 * speech is far quieter than that floor, the room is the noise.
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
 * still shows the room's own level (else the floor is the speech's quietest moments). At 0.5 s,
 * corpus-train readings cut as an exam answer is (speech from 0.15 s, 3 s of their own room
 * after it) were called noisy in 14%; at 1.5 s in none (bench/noise-bar.ts, at 17 dB).
 */
export const MARGIN_SECONDS = 1.5;
/** The room around the speech: at least this much of it (five VAD frames) to be read at all. */
const MIN_ROOM_FRAMES = 5;
/**
 * The room is the noise where it is this much quieter than the floor in the speech's stretch.
 * Placed on corpus-train speakers (bench/noise-bar.ts): under babble of other learners the room
 * around a reading came at most 34 dB under the stretch's floor, so no babble loses its flag to
 * the room; around espeak-ng's sentences written with nothing before or after them, 34–67 dB.
 */
export const ROOM_UNDER_FLOOR_DB = 36;
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

const sum = (values: ArrayLike<number>): number => Array.from(values).reduce((a, b) => a + b, 0);

const db = (power: number): number => 10 * Math.log10(Math.max(TINY_POWER, power));

interface BandFloors {
  /** Each band's power in each VAD frame. */
  bands: Float64Array[];
  /** Each band's FLOOR_QUANTILE over the speech's stretch. */
  stretch: number[];
  /** Each band's median over the stretch's frames before and after the speech, if enough. */
  room: number[] | null;
}

function bandFloors(
  samples: Float32Array,
  speech: readonly boolean[],
  marginSeconds: number,
): BandFloors {
  const bands = bandCentres().map((centre) => bandFramePowers(samples, centre));
  const frames = Math.min(speech.length, bands[0]!.length);
  const start = speech.indexOf(true);
  const end = Math.min(frames - 1, speech.lastIndexOf(true));
  const margin = Math.round(marginSeconds / VAD_FRAME_SECONDS);
  const first = Math.max(0, start - margin);
  const last = Math.min(frames - 1, end + margin);
  const around = (powers: Float64Array): Float64Array =>
    Float64Array.from([...powers.subarray(first, start), ...powers.subarray(end + 1, last + 1)]);
  const roomFrames = Math.max(0, start - first) + Math.max(0, last - end);
  const stretch = bands.map((powers) => quantile(powers.subarray(first, last + 1), FLOOR_QUANTILE));
  const room =
    roomFrames < MIN_ROOM_FRAMES ? null : bands.map((powers) => quantile(around(powers), 0.5));
  return { bands, stretch, room };
}

/** How far the room's total power is under the stretch's floor, in dB. */
function roomDepthDb(stretch: readonly number[], room: readonly number[]): number {
  return db(sum(stretch)) - db(sum(room));
}

/**
 * How far under the stretch's floor the room around the speech is, in dB (null: no speech, or
 * too little room around it). bench/noise-bar.ts reads it to place ROOM_UNDER_FLOOR_DB.
 */
export function roomUnderFloorDb(
  samples: Float32Array,
  speech: readonly boolean[],
  marginSeconds = MARGIN_SECONDS,
): number | null {
  if (!speech.includes(true)) return null;
  const { stretch, room } = bandFloors(samples, speech, marginSeconds);
  return room && roomDepthDb(stretch, room);
}

/**
 * Speech power over noise power, in dB, from the VAD frames called speech (`speech[i]` for
 * frame i of VAD_FRAME_SECONDS); null when no frame is speech. The noise is each band's floor
 * over the speech's stretch, or the room around the speech where that is ROOM_UNDER_FLOOR_DB
 * quieter.
 */
export function signalToNoise(
  samples: Float32Array,
  speech: readonly boolean[],
  marginSeconds = MARGIN_SECONDS,
): number | null {
  if (!speech.includes(true)) return null;
  const { bands, stretch, room } = bandFloors(samples, speech, marginSeconds);
  const floors = room && roomDepthDb(stretch, room) >= ROOM_UNDER_FLOOR_DB ? room : stretch;
  let speechPower = 0;
  bands.forEach((powers, band) => {
    const speechFrames = powers.filter((_, frame) => speech[frame] === true);
    const mean = sum(speechFrames) / Math.max(1, speechFrames.length);
    speechPower += Math.max(0, mean - floors[band]!);
  });
  return 10 * Math.log10(Math.max(TINY_POWER, speechPower) / Math.max(TINY_POWER, sum(floors)));
}
