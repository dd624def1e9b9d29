import CodecParser, { type CodecFrame, type CodecValue, type OggPage } from 'codec-parser';
import { assertDecodable, type StreamShape } from './bounds.js';
import { assertDuration, unreadable } from './errors.js';
import type { AudioFormat } from './sniff.js';

const MIME_TYPES = { mp3: 'audio/mpeg', flac: 'audio/flac', ogg: 'audio/ogg' } as const;

export type FramedFormat = keyof typeof MIME_TYPES;

export interface FramedStream {
  codec: CodecValue;
  frames: CodecFrame[];
  durationSeconds: number;
}

export function isFramed(format: AudioFormat): format is FramedFormat {
  return format in MIME_TYPES;
}

/** A page cut short by truncation yields empty packets; decoded, they would become invented audio. */
function framesOf(parsed: (CodecFrame | OggPage)[]): CodecFrame[] {
  return parsed
    .flatMap((item) => ('codecFrames' in item ? item.codecFrames : [item]))
    .filter((f) => f.data.length > 0);
}

/** Every frame carries its own header, and a hostile file may vary them: the largest counts. */
function shapeOf(frames: CodecFrame[]): StreamShape {
  let channels = 0;
  let sampleRate = 0;
  let durationSeconds = 0;
  for (const { header, samples } of frames) {
    channels = Math.max(channels, header.channels);
    sampleRate = Math.max(sampleRate, header.sampleRate);
    durationSeconds += samples / header.sampleRate;
  }
  return { channels, sampleRate, durationSeconds };
}

/**
 * Splits MP3, FLAC or Ogg into codec frames without decoding them (codec-parser is what the
 * wasm decoders use themselves). Frame sample counts give the duration, so over-long audio is
 * refused before any decoding; a truncated last page or frame is simply left out.
 */
export function parseFramed(
  bytes: Uint8Array,
  format: FramedFormat,
  maxDurationSeconds?: number,
): FramedStream {
  let codec: CodecValue | undefined;
  let frames: CodecFrame[];
  try {
    const parser = new CodecParser(MIME_TYPES[format], { onCodec: (value) => (codec = value) });
    frames = framesOf(parser.parseAll(bytes));
  } catch {
    throw unreadable(`The ${format} audio could not be read.`);
  }
  if (!codec || frames.length === 0) throw unreadable(`The ${format} file holds no audio frames.`);
  const shape = shapeOf(frames);
  assertDuration(shape.durationSeconds, maxDurationSeconds);
  assertDecodable(shape);
  return { codec, frames, durationSeconds: shape.durationSeconds };
}
