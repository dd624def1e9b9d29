import { FLACDecoder } from '@wasm-audio-decoders/flac';
import { OggVorbisDecoder } from '@wasm-audio-decoders/ogg-vorbis';
import { MPEGDecoder } from 'mpg123-decoder';
import { unreadable } from './errors.js';
import type { PcmAudio } from './pcm.js';

interface DecodedChunk {
  channelData: Float32Array[];
  samplesDecoded: number;
  sampleRate: number;
}

interface WasmDecoder {
  ready: Promise<void>;
  free(): void;
}

/** The wasm-audio-decoders share one life cycle: wait until ready, decode, always free. */
async function withDecoder<D extends WasmDecoder>(
  decoder: D,
  name: string,
  decode: (decoder: D) => DecodedChunk | Promise<DecodedChunk>,
): Promise<PcmAudio> {
  try {
    await decoder.ready;
    const { channelData, samplesDecoded, sampleRate } = await decode(decoder);
    if (samplesDecoded === 0 || channelData.length === 0) {
      throw unreadable(`The ${name} audio could not be decoded.`);
    }
    return { channels: channelData.map((c) => c.subarray(0, samplesDecoded)), sampleRate };
  } finally {
    decoder.free();
  }
}

export function decodeMp3(bytes: Uint8Array): Promise<PcmAudio> {
  return withDecoder(new MPEGDecoder(), 'MP3', (d) => d.decode(bytes));
}

export function decodeFlac(bytes: Uint8Array): Promise<PcmAudio> {
  return withDecoder(new FLACDecoder(), 'FLAC', (d) => d.decodeFile(bytes));
}

export function decodeVorbis(bytes: Uint8Array): Promise<PcmAudio> {
  return withDecoder(new OggVorbisDecoder(), 'Vorbis', (d) => d.decodeFile(bytes));
}
