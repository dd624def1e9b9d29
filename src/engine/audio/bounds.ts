import { unreadable } from './errors.js';

/**
 * Speech needs 16 kHz, but field recorders commonly write 96 kHz; beyond that is a bomb. Every
 * format the engine reads can declare far more (FLAC up to 655,350 Hz).
 */
export const MAX_SAMPLE_RATE = 96000;
/** 7.1 surround; recorders make one or two. */
export const MAX_CHANNELS = 8;
/**
 * Samples across all channels that decoding may produce: 180 s of stereo at 48 kHz, 69 MB as
 * floats. More channels or a higher rate leave room for less time. A few hundred kilobytes of
 * FLAC or Opus can otherwise decode to gigabytes.
 */
export const MAX_DECODED_SAMPLES = 2 * 48000 * 180;

export interface StreamShape {
  channels: number;
  sampleRate: number;
  durationSeconds: number;
}

/**
 * Refuses, from the container's headers and before any decoding, audio whose decoded form
 * would be too large: a rate or channel count above the limits, or more samples in all than
 * the budget.
 */
export function assertDecodable({ channels, sampleRate, durationSeconds }: StreamShape): void {
  if (sampleRate > MAX_SAMPLE_RATE) {
    throw unreadable(
      `The audio is sampled at ${sampleRate} Hz; at most ${MAX_SAMPLE_RATE} Hz is accepted.`,
    );
  }
  if (channels > MAX_CHANNELS) {
    throw unreadable(`The audio has ${channels} channels; at most ${MAX_CHANNELS} are accepted.`);
  }
  const samples = channels * sampleRate * durationSeconds;
  if (samples > MAX_DECODED_SAMPLES) {
    throw unreadable(
      `The audio would decode to ${Math.round(samples / 1e6)} million samples ` +
        `(${channels} channels at ${sampleRate} Hz for ${durationSeconds.toFixed(1)} s); ` +
        `at most ${MAX_DECODED_SAMPLES / 1e6} million are accepted.`,
    );
  }
}
