import { ScoringError } from '../../shared/contract/errors.js';
import type { DecodedAudio } from './decode.js';
import { AUDIO_FIELD } from './errors.js';

/** Levels are in dB relative to full scale; digital silence reads as this floor, not -Infinity. */
export const DBFS_FLOOR = -100;
const FRAME_SECONDS = 0.02;
/** A sample this close to full scale is counted as clipped (resampling softens hard clips slightly). */
const CLIP_LEVEL = 0.98;
/** Clipping is flagged once this share of samples sits at full scale, well above the odd loud peak. */
const CLIPPED_RATIO_LIMIT = 0.001;
/** Frames louder than the recording's own noise floor by this much count as speech... */
const SPEECH_ABOVE_NOISE_DB = 12;
/** ...and never when quieter than this, however quiet the room. */
const SPEECH_FLOOR_DBFS = -55;
/** Less detected speech than this is treated as no speech at all. */
export const MIN_SPEECH_SECONDS = 0.3;

export interface AudioQuality {
  rmsDbfs: number;
  peakDbfs: number;
  /** Share of samples at (or within 2% of) full scale. */
  clippedRatio: number;
  speechSeconds: number;
  /** No usable speech: the engine refuses such audio with NO_SPEECH. */
  silent: boolean;
  /** Enough clipping to distort the speech: a caution, not a refusal. */
  clipped: boolean;
  leadingSilenceMs: number;
  trailingSilenceMs: number;
}

export function toDbfs(amplitude: number): number {
  return amplitude > 0 ? Math.max(DBFS_FLOOR, 20 * Math.log10(amplitude)) : DBFS_FLOOR;
}

function frameLevels(samples: Float32Array, frameLength: number): number[] {
  const levels: number[] = [];
  for (let start = 0; start + frameLength <= samples.length; start += frameLength) {
    let energy = 0;
    for (let i = start; i < start + frameLength; i++) energy += samples[i]! * samples[i]!;
    levels.push(toDbfs(Math.sqrt(energy / frameLength)));
  }
  return levels;
}

function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return DBFS_FLOOR;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

/** An energy VAD: a frame is speech when it stands well above the quietest tenth of the recording. */
function speechFrames(levels: number[]): boolean[] {
  const threshold = Math.max(SPEECH_FLOOR_DBFS, percentile(levels, 0.1) + SPEECH_ABOVE_NOISE_DB);
  return levels.map((level) => level > threshold);
}

function levelStats(samples: Float32Array): { rms: number; peak: number; clippedRatio: number } {
  let energy = 0;
  let peak = 0;
  let clipped = 0;
  for (const v of samples) {
    const magnitude = Math.abs(v);
    energy += v * v;
    if (magnitude > peak) peak = magnitude;
    if (magnitude >= CLIP_LEVEL) clipped++;
  }
  const n = Math.max(1, samples.length);
  return { rms: Math.sqrt(energy / n), peak, clippedRatio: clipped / n };
}

export function analyseQuality(audio: DecodedAudio): AudioQuality {
  const { rms, peak, clippedRatio } = levelStats(audio.samples);
  const frameLength = Math.round(FRAME_SECONDS * audio.sampleRate);
  const speech = speechFrames(frameLevels(audio.samples, frameLength));
  const first = speech.indexOf(true);
  const last = speech.lastIndexOf(true);
  const speechSeconds = speech.filter(Boolean).length * FRAME_SECONDS;
  const totalMs = audio.durationSeconds * 1000;
  const frameMs = FRAME_SECONDS * 1000;
  return {
    rmsDbfs: toDbfs(rms),
    peakDbfs: toDbfs(peak),
    clippedRatio,
    speechSeconds,
    silent: speechSeconds < MIN_SPEECH_SECONDS,
    clipped: clippedRatio >= CLIPPED_RATIO_LIMIT,
    leadingSilenceMs: first < 0 ? Math.round(totalMs) : Math.round(first * frameMs),
    trailingSilenceMs:
      last < 0 ? Math.round(totalMs) : Math.max(0, Math.round(totalMs - (last + 1) * frameMs)),
  };
}

/** Refuses audio in which no speech was heard; clipping only ever becomes a caution. */
export function assertScorable(quality: AudioQuality): void {
  if (quality.silent) {
    throw new ScoringError(
      'NO_SPEECH',
      'No speech was heard in the audio; it is silent or nearly so.',
      AUDIO_FIELD,
    );
  }
}
