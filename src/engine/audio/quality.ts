import { ScoringError } from '../../shared/contract/errors.js';
import type { DecodedAudio } from './decode.js';
import { CLIPPED_RATIO_LIMIT } from '../../shared/clipped-samples.js';
import { AUDIO_FIELD } from './errors.js';
import { signalToNoise } from './noise.js';
import { sileroSpeechFrames } from './silero.js';
import { VAD_FRAME_SECONDS, frameLevels, toDbfs } from './vad.js';

export { DBFS_FLOOR, toDbfs } from './vad.js';

/**
 * Speech less than this far above the recording's noise (noise.ts) is scored with a caution:
 * the highest bar that flags at most 3% of corpus-train speakers' readings (bench/noise-bar.ts).
 * There babble of three other learners 10 dB under a reading is flagged in 90%, the readings in
 * 3% and cut as exam answers in none, white noise 10 dB under in 100% and 20 dB under in 13%.
 */
export const NOISY_BELOW_SNR_DB = 17;
/**
 * Less detected speech than this (about one short syllable) is treated as no speech at all.
 * Silero hears at most 0.12 s of speech in hum, buzz, pink noise, music, tone sequences and
 * whistles, but its probability can stay under 0.5 through a learner's first words: at 0.3 s a
 * reading the experts scored 9 of 10 was refused (0.27 s heard), as were 8 of 214 first halves
 * of readings (bench/results/so762.md; the speech heard in each kind: bench/results/vad.md).
 */
export const MIN_SPEECH_SECONDS = 0.15;

export interface AudioQuality {
  rmsDbfs: number;
  peakDbfs: number;
  /** Share of samples the recording held at full scale (declip.ts), redrawn since. */
  clippedRatio: number;
  speechSeconds: number;
  /** No usable speech (silence, music, tones, noise): refused with NO_SPEECH. */
  silent: boolean;
  /** Enough clipping to distort the speech: a caution, not a refusal. */
  clipped: boolean;
  /** Speech power over noise power, competing speech counted as noise, in dB (null: no speech). */
  snrDb: number | null;
  /** Speech over loud background noise: a caution, not a refusal. */
  noisy: boolean;
  leadingSilenceMs: number;
  trailingSilenceMs: number;
}

function levelStats(samples: Float32Array): { rms: number; peak: number } {
  let energy = 0;
  let peak = 0;
  for (const v of samples) {
    energy += v * v;
    peak = Math.max(peak, Math.abs(v));
  }
  return { rms: Math.sqrt(energy / Math.max(1, samples.length)), peak };
}

export async function analyseQuality(audio: DecodedAudio): Promise<AudioQuality> {
  const { rms, peak } = levelStats(audio.samples);
  const { clippedRatio } = audio;
  const levels = frameLevels(audio.samples);
  const speech = sileroSpeechFrames(audio.samples, levels);
  const snrDb = signalToNoise(audio.samples, speech);
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
      'No speech was heard in the audio: it is silent, or holds only sounds that are not speech (music, tones, noise).',
      AUDIO_FIELD,
    );
  }
}
