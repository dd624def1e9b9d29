import { OpusDecoder } from 'opus-decoder';
import { assertDecodable } from './bounds.js';
import { unreadable } from './errors.js';
import type { PcmAudio } from './pcm.js';

/** libopus decodes at 48 kHz whatever rate the encoder was fed. */
export const OPUS_RATE = 48000;

export interface OpusHead {
  channels: number;
  preSkip: number;
  streamCount?: number;
  coupledStreamCount?: number;
  channelMappingTable?: number[];
}

/** RFC 7845 section 5.1; WebM carries the same header as its CodecPrivate. */
export function parseOpusHead(head: Uint8Array): OpusHead {
  const magic = String.fromCharCode(...head.subarray(0, 8));
  if (magic !== 'OpusHead' || head.length < 19) {
    throw unreadable('The Opus stream header is missing or damaged.');
  }
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const channels = head[9]!;
  const preSkip = view.getUint16(10, true);
  if (head[18] === 0) return { channels, preSkip };
  if (head.length < 21 + channels) throw unreadable('The Opus channel mapping is truncated.');
  return {
    channels,
    preSkip,
    streamCount: head[19]!,
    coupledStreamCount: head[20]!,
    channelMappingTable: Array.from(head.subarray(21, 21 + channels)),
  };
}

/** Frame lengths in 48 kHz samples by TOC configuration (RFC 6716 section 3.1). */
function frameSamples(config: number): number {
  if (config < 12) return [480, 960, 1920, 2880][config % 4]!;
  if (config < 16) return [480, 960][config % 2]!;
  return [120, 240, 480, 960][config % 4]!;
}

/** What one Opus packet decodes to, read from its table-of-contents byte alone. */
export function opusPacketSamples(packet: Uint8Array): number {
  const toc = packet[0];
  if (toc === undefined) return 0;
  const code = toc & 0x03;
  const frames = code === 0 ? 1 : code < 3 ? 2 : (packet[1] ?? 0) & 0x3f;
  return frames * frameSamples(toc >> 3);
}

/** Refuses an Opus stream whose decoded form would be too large, before a decoder exists. */
export function assertOpusDecodable(head: OpusHead, durationSeconds: number): void {
  assertDecodable({ channels: head.channels, sampleRate: OPUS_RATE, durationSeconds });
}

export async function decodeOpus(head: OpusHead, packets: Uint8Array[]): Promise<PcmAudio> {
  const decoder = new OpusDecoder({ ...head, forceStereo: false });
  try {
    await decoder.ready;
    const { channelData, samplesDecoded } = decoder.decodeFrames(packets);
    if (samplesDecoded === 0) throw unreadable('The Opus audio could not be decoded.');
    return {
      channels: channelData.map((c) => c.subarray(0, samplesDecoded)),
      sampleRate: OPUS_RATE,
    };
  } finally {
    decoder.free();
  }
}
