import { ScoringError } from '../../shared/contract/errors.js';
import type { DecodedAudio } from './decode.js';
import { AUDIO_FIELD } from './errors.js';
import { DBFS_FLOOR, VAD_FRAME_SECONDS, frameLevels, speechFrames, toDbfs } from './vad.js';

export { DBFS_FLOOR, toDbfs } from './vad.js';

/** A sample this close to full scale is counted as clipped (resampling softens hard clips slightly). */
const CLIP_LEVEL = 0.98;
/** Clipping is flagged once this share of samples sits at full scale, well above the odd loud peak. */
const CLIPPED_RATIO_LIMIT = 0.001;
/** Speech less than this far above the recording's noise is scored with a caution. */
export const NOISY_BELOW_SNR_DB = 15;
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
  /** Speech level over the level between the speech, in dB (null without both). */
  snrDb: number | null;
  /** Speech over loud background noise: a caution, not a refusal. */
  noisy: boolean;
  leadingSilenceMs: number;
  trailingSilenceMs: number;
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? DBFS_FLOOR;
}

/**
 * Speech level (the loudest tenth of the frames) over the noise level (the quietest tenth):
 * a recording with no pause at all has no noise-only frames, so this errs towards clean.
 */
function signalToNoise(levels: readonly number[], speech: readonly boolean[]): number | null {
  if (!speech.some(Boolean) || levels.length < 10) return null;
  return percentile(levels, 0.9) - percentile(levels, 0.1);
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

export async function analyseQuality(audio: DecodedAudio): Promise<AudioQuality> {
  const { rms, peak, clippedRatio } = levelStats(audio.samples);
  const levels = frameLevels(audio.samples);
  const speech = await speechFrames(audio.samples, levels);
  const snrDb = signalToNoise(levels, speech);
  const first = speech.indexOf(true);
  const last = speech.lastIndexOf(true);
  const speechSeconds = speech.filter(Boolean).length * VAD_FRAME_SECONDS;
  const totalMs = audio.durationSeconds * 1000;
  const frameMs = VAD_FRAME_SECONDS * 1000;
  return {
    rmsDbfs: toDbfs(rms),
    peakDbfs: toDbfs(peak),
    clippedRatio,
    speechSeconds,
    silent: speechSeconds < MIN_SPEECH_SECONDS,
    clipped: clippedRatio >= CLIPPED_RATIO_LIMIT,
    snrDb,
    noisy: snrDb !== null && snrDb < NOISY_BELOW_SNR_DB,
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
