import createModule, { type SoundSwallowerModule } from 'soundswallower';
import { ScoringError } from '../../shared/contract/errors.js';
import type { DecodedAudio } from './decode.js';
import { AUDIO_FIELD } from './errors.js';

/** Levels are in dB relative to full scale; digital silence reads as this floor, not -Infinity. */
export const DBFS_FLOOR = -100;
/** The voice-activity detector's frame (WebRTC's VAD takes 10, 20 or 30 ms). */
const FRAME_SECONDS = 0.03;
/** A sample this close to full scale is counted as clipped (resampling softens hard clips slightly). */
const CLIP_LEVEL = 0.98;
/** Clipping is flagged once this share of samples sits at full scale, well above the odd loud peak. */
const CLIPPED_RATIO_LIMIT = 0.001;
/**
 * WebRTC's VAD (in soundswallower's Endpointer) in its "aggressive" mode: steady noise and hum
 * are not speech, speech under white noise at 5 dB SNR still is. What the VAD lets through that
 * is not speech (buzz, music, speech played backwards) is left to the recogniser's verification.
 */
const VAD_MODE = 2;
/**
 * Speech starts once half the frames of the last 0.1 s are voiced. The Endpointer's own default
 * (90% of 0.3 s) missed answers of one or two short words: on speechocean762 sentences cut
 * after their first half it refused 20 of 214 as silent, against 2 with these.
 */
const VAD_WINDOW_SECONDS = 0.1;
const VAD_SPEECH_RATIO = 0.5;
/** Frames quieter than this are never speech, however the detector reads them. */
const SPEECH_FLOOR_DBFS = -55;
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

let detector: Promise<SoundSwallowerModule> | undefined;

/** The WebAssembly module that holds the VAD, loaded once per process (no model files). */
function vadModule(): Promise<SoundSwallowerModule> {
  const quiet = (): void => undefined;
  detector ??= createModule({ print: quiet, printErr: quiet } as Partial<SoundSwallowerModule>);
  return detector;
}

/** Per frame: does the VAD, smoothed over 0.1 s, hear speech there. */
async function voicedFrames(samples: Float32Array, frameLength: number): Promise<boolean[]> {
  const module = await vadModule();
  const endpointer = new module.Endpointer({
    samprate: 16000,
    frame_length: FRAME_SECONDS,
    mode: VAD_MODE,
    window: VAD_WINDOW_SECONDS,
    ratio: VAD_SPEECH_RATIO,
  });
  const voiced: boolean[] = [];
  for (let start = 0; start + frameLength <= samples.length; start += frameLength) {
    endpointer.process(samples.subarray(start, start + frameLength));
    voiced.push(endpointer.get_in_speech());
  }
  return voiced;
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
  const frameLength = Math.round(FRAME_SECONDS * audio.sampleRate);
  const levels = frameLevels(audio.samples, frameLength);
  const voiced = await voicedFrames(audio.samples, frameLength);
  const speech = levels.map((level, index) => voiced[index] === true && level > SPEECH_FLOOR_DBFS);
  const snrDb = signalToNoise(levels, speech);
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
