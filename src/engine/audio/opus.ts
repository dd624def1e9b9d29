import { OpusDecoder } from 'opus-decoder';
import { unreadable } from './errors.js';
import type { PcmAudio } from './pcm.js';

/** libopus decodes at 48 kHz whatever rate the encoder was fed. */
const OPUS_RATE = 48000;

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
