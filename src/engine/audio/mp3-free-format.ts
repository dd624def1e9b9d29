import { unreadable } from './errors.js';

/**
 * Free-format MP3 frames carry no bitrate (bitrate index 0): their length is found only by
 * searching for the next frame, and mpg123 does that in time that grows faster than the audio
 * (a few megabytes held a worker for 45 s). Nothing records speech that way, so such a file is
 * refused before decoding; every other MPEG file is walked frame by frame, in linear time.
 */

/** Kilobits per second by bitrate index, for [MPEG-1, MPEG-2/2.5] × [layer I, II, III]. */
const BITRATES: readonly (readonly (readonly number[])[])[] = [
  [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
];

/** Samples per second by sample-rate index, for MPEG-1, MPEG-2 and MPEG-2.5. */
const SAMPLE_RATES = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/** The longest frame a free-format stream may have: layer I at 448 kbit/s and 8 kHz, padded. */
const MAX_FREE_FRAME_BYTES = 8_000;

interface FrameHeader {
  bitrateIndex: number;
  /** 0 for free format: the length is not in the header. */
  length: number;
}

/** The MPEG audio frame header at `at`, or null when the bytes there are not one. */
export function frameHeaderAt(bytes: Uint8Array, at: number): FrameHeader | null {
  if (at + 4 > bytes.length || bytes[at] !== 0xff) return null;
  const b1 = bytes[at + 1]!;
  const b2 = bytes[at + 2]!;
  const version = (b1 >> 3) & 3; // 0: MPEG-2.5, 1: reserved, 2: MPEG-2, 3: MPEG-1
  const layer = 4 - ((b1 >> 1) & 3); // 4: reserved
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if ((b1 & 0xe0) !== 0xe0 || version === 1 || layer === 4) return null;
  if (bitrateIndex === 15 || rateIndex === 3) return null;
  const sampleRate = SAMPLE_RATES[version as 0 | 2 | 3][rateIndex]!;
  const kbps = BITRATES[version === 3 ? 0 : 1]![layer - 1]![bitrateIndex]!;
  const padding = (b2 >> 1) & 1;
  if (layer === 1)
    return { bitrateIndex, length: (Math.floor((12_000 * kbps) / sampleRate) + padding) * 4 };
  const perSample = layer === 3 && version !== 3 ? 72_000 : 144_000;
  return { bitrateIndex, length: Math.floor((perSample * kbps) / sampleRate) + padding };
}

/** Bytes taken by an ID3v2 tag at the start (its size is "syncsafe": 7 bits a byte). */
function id3Length(bytes: Uint8Array): number {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const size =
    ((bytes[6]! & 0x7f) << 21) |
    ((bytes[7]! & 0x7f) << 14) |
    ((bytes[8]! & 0x7f) << 7) |
    (bytes[9]! & 0x7f);
  const footer = bytes[5]! & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

/**
 * A free-format header counts when another like it (same version, layer, rate and mode) follows
 * within one frame's reach: a stray 0xFF in a tag or junk between frames is not taken for one.
 */
function freeFormatFollows(bytes: Uint8Array, at: number): boolean {
  const end = Math.min(bytes.length - 4, at + MAX_FREE_FRAME_BYTES);
  for (
    let next = bytes.indexOf(0xff, at + 4);
    next >= 0 && next <= end;
    next = bytes.indexOf(0xff, next + 1)
  ) {
    if (bytes[next + 1] === bytes[at + 1] && ((bytes[next + 2]! ^ bytes[at + 2]!) & 0xfd) === 0)
      return true;
  }
  return false;
}

/** Whether the MPEG stream holds free-format frames, found in one walk over its frames. */
export function hasFreeFormatFrames(bytes: Uint8Array): boolean {
  let at = id3Length(bytes);
  while (at + 4 <= bytes.length) {
    const header = frameHeaderAt(bytes, at);
    if (header && header.bitrateIndex === 0 && freeFormatFollows(bytes, at)) return true;
    if (header && header.length > 0) at += header.length;
    else at = nextSync(bytes, at + 1);
  }
  return false;
}

function nextSync(bytes: Uint8Array, from: number): number {
  const next = bytes.indexOf(0xff, from);
  return next < 0 ? bytes.length : next;
}

/** Refuses free-format MP3 with a reason the sender can act on. */
export function assertFixedBitrateMp3(bytes: Uint8Array): void {
  if (hasFreeFormatFrames(bytes)) {
    throw unreadable(
      'Free-format MP3 (frames without a bitrate) is not accepted; ' +
        'send the recording as MP3 at a standard or variable bitrate, or as WAV, FLAC, Ogg or WebM.',
    );
  }
}
