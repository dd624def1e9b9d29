import type { OpusHeader } from 'codec-parser';
import { ScoringError } from '../../shared/contract/errors.js';
import { decodeFlac, decodeMp3, decodeVorbis } from './codecs.js';
import { declip } from './declip.js';
import { assertDuration, unreadable } from './errors.js';
import { isFramed, parseFramed, type FramedFormat } from './framed.js';
import { assertFixedBitrateMp3 } from './mp3-free-format.js';
import { decodeOpus, parseOpusHead } from './opus.js';
import { clampInPlace, removeDcOffsetInPlace, toMono, type PcmAudio } from './pcm.js';
import { resample } from './resample.js';
import { detectFormat } from './sniff.js';
import { decodeWav } from './wav.js';
import { demuxWebmOpus } from './webm.js';

export const TARGET_SAMPLE_RATE = 16000;

/** Audio as the engine consumes it: mono, 16 kHz, floats in [-1, 1], no DC offset. */
export interface DecodedAudio {
  samples: Float32Array;
  sampleRate: 16000;
  durationSeconds: number;
  /** The share of samples the recording held flat at full scale, redrawn (declip.ts). */
  clippedRatio: number;
}

export interface DecodeOptions {
  maxDurationSeconds?: number;
}

async function decodeFramed(
  bytes: Uint8Array,
  format: FramedFormat,
  maxSeconds?: number,
): Promise<PcmAudio> {
  if (format === 'mp3') assertFixedBitrateMp3(bytes); // before codec-parser, which is slow on them too
  const { codec, frames } = parseFramed(bytes, format, maxSeconds);
  switch (codec) {
    case 'mpeg':
      return decodeMp3(bytes);
    case 'flac':
      return decodeFlac(bytes);
    case 'vorbis':
      return decodeVorbis(bytes);
    case 'opus':
      return decodeOpus(
        parseOpusHead((frames[0]!.header as OpusHeader).data),
        frames.map((frame) => frame.data),
      );
    default:
      throw unreadable(`${codec} audio is not supported.`);
  }
}

async function decodeWebm(bytes: Uint8Array, maxSeconds?: number): Promise<PcmAudio> {
  const { head, packets } = await demuxWebmOpus(bytes, maxSeconds);
  return decodeOpus(head, packets);
}

async function decodePcm(bytes: Uint8Array, maxSeconds?: number): Promise<PcmAudio> {
  const format = detectFormat(bytes);
  if (!format) {
    throw unreadable('The audio format was not recognised (expected WAV, MP3, Ogg, WebM or FLAC).');
  }
  if (format === 'wav') return decodeWav(bytes, maxSeconds);
  if (format === 'webm') return decodeWebm(bytes, maxSeconds);
  if (isFramed(format)) return decodeFramed(bytes, format, maxSeconds);
  throw unreadable(`${format} audio is not supported.`);
}

/** 16 kHz samples made in memory (a bench's case, a test's mix) as decodeAudio returns audio. */
export function decodedSamples(samples: Float32Array): DecodedAudio {
  return {
    ...declip(samples),
    sampleRate: TARGET_SAMPLE_RATE,
    durationSeconds: samples.length / TARGET_SAMPLE_RATE,
  };
}

/**
 * Decodes WAV, MP3, FLAC, Ogg (Opus or Vorbis) or WebM (Opus) into mono 16 kHz floats.
 * The format comes from the bytes themselves. Duration limits are checked from the header
 * or container timing before decoding, and again on the decoded length.
 */
export async function decodeAudio(
  bytes: Uint8Array,
  options: DecodeOptions = {},
): Promise<DecodedAudio> {
  const pcm = await decodePcm(bytes, options.maxDurationSeconds).catch((error: unknown) => {
    // Decoders and demuxers fail in their own ways on damaged input; to callers it is all unreadable.
    throw error instanceof ScoringError ? error : unreadable('The audio could not be decoded.');
  });
  const mono = clampInPlace(toMono(pcm.channels));
  assertDuration(mono.length / pcm.sampleRate, options.maxDurationSeconds);
  // Before resampling and the DC blocker, which round the flat tops off.
  const { samples: restored, clippedRatio } = declip(mono);
  const samples = clampInPlace(
    removeDcOffsetInPlace(
      resample(restored, pcm.sampleRate, TARGET_SAMPLE_RATE),
      TARGET_SAMPLE_RATE,
    ),
  );
  return {
    samples,
    sampleRate: TARGET_SAMPLE_RATE,
    durationSeconds: samples.length / TARGET_SAMPLE_RATE,
    clippedRatio,
  };
}
