import {
  BufferSource,
  EncodedPacketSink,
  Input,
  MATROSKA,
  WEBM,
  type InputAudioTrack,
} from 'mediabunny';
import { ScoringError } from '../../shared/contract/errors.js';
import { assertDuration, unreadable } from './errors.js';
import {
  OPUS_RATE,
  assertOpusDecodable,
  opusPacketSamples,
  parseOpusHead,
  type OpusHead,
} from './opus.js';

export interface OpusPackets {
  head: OpusHead;
  packets: Uint8Array[];
}

async function readHead(track: InputAudioTrack): Promise<OpusHead> {
  const description = (await track.getDecoderConfig())?.description;
  if (description instanceof Uint8Array) return parseOpusHead(description);
  if (description instanceof ArrayBuffer) return parseOpusHead(new Uint8Array(description));
  // Matroska lets a track omit CodecPrivate; mono or stereo Opus then needs only its channel count.
  return { channels: Math.min(2, await track.getNumberOfChannels()), preSkip: 0 };
}

async function readPackets(track: InputAudioTrack): Promise<Uint8Array[]> {
  const packets: Uint8Array[] = [];
  for await (const packet of new EncodedPacketSink(track).packets()) packets.push(packet.data);
  return packets;
}

async function opusTrack(input: Input): Promise<InputAudioTrack> {
  const track = await input.getPrimaryAudioTrack();
  if (!track) throw unreadable('The WebM file holds no audio track.');
  const codec = await track.getCodec();
  if (codec !== 'opus') {
    throw unreadable(`${codec ?? 'Unknown'} audio in WebM is not supported; Opus is.`);
  }
  return track;
}

/**
 * Demuxes the Opus track of a WebM (or Matroska) file, as MediaRecorder writes it: a live
 * stream with no duration in its header, so the duration comes from the packets' timestamps.
 */
export async function demuxWebmOpus(
  bytes: Uint8Array,
  maxDurationSeconds?: number,
): Promise<OpusPackets> {
  const input = new Input({ source: new BufferSource(bytes), formats: [WEBM, MATROSKA] });
  try {
    const track = await opusTrack(input);
    assertDuration(await track.computeDuration(), maxDurationSeconds);
    const head = await readHead(track);
    const packets = await readPackets(track);
    // Timestamps are the container's word; the packets say what decoding them would produce.
    const samples = packets.reduce((sum, packet) => sum + opusPacketSamples(packet), 0);
    assertDuration(samples / OPUS_RATE, maxDurationSeconds);
    assertOpusDecodable(head, samples / OPUS_RATE);
    return { head, packets };
  } catch (error) {
    if (error instanceof ScoringError) throw error;
    throw unreadable('The WebM file could not be read.');
  } finally {
    input.dispose();
  }
}
