import { describe, expect, it } from 'vitest';
import { decodeAudio } from '../../src/engine/audio/decode.js';
import { opusPacketSamples } from '../../src/engine/audio/opus.js';
import { silence, wideOggOpus, wideWebmOpus } from '../helpers/audio-bombs.js';
import { missingToolsReason } from '../helpers/speech-fixtures.js';

const tools = missingToolsReason();
const LIMITS = { maxDurationSeconds: 180 };

function refusal(message: string) {
  return expect.objectContaining({ code: 'AUDIO_UNREADABLE', field: 'audioUrl', message });
}

describe.skipIf(tools)('decoding bounds, from the headers, before decoding', () => {
  it.each([
    ['FLAC, 8 channels at 192 kHz', 60, { type: 'flac', rate: 192000, channels: 8, bits: 16 }],
    ['FLAC at 655,350 Hz', 170, { type: 'flac', rate: 655350, channels: 1, bits: 16 }],
    ['WAV at 192 kHz', 1, { type: 'wav', rate: 192000, channels: 1, bits: 16 }],
    ['Ogg Vorbis at 192 kHz', 1, { type: 'ogg', rate: 192000, channels: 2 }],
  ])('refuses %s by its sample rate', async (_name, seconds, output) => {
    const bytes = await silence(seconds, output);
    await expect(decodeAudio(bytes, LIMITS)).rejects.toEqual(
      refusal(`The audio is sampled at ${output.rate} Hz; at most 96000 Hz is accepted.`),
    );
  });

  it('refuses a WAV of 16 channels by its channel count', async () => {
    const bytes = await silence(1, { type: 'wav', rate: 8000, channels: 16, bits: 8 });
    await expect(decodeAudio(bytes, LIMITS)).rejects.toEqual(
      refusal('The audio has 16 channels; at most 8 are accepted.'),
    );
  });

  it.each([
    ['Ogg Opus', wideOggOpus],
    ['WebM Opus', wideWebmOpus],
  ])('refuses %s declaring 255 channels', async (_name, make) => {
    await expect(decodeAudio(await make(255), LIMITS)).rejects.toEqual(
      refusal('The audio has 255 channels; at most 8 are accepted.'),
    );
  });

  it('refuses rates and channels within the limits whose product exceeds the sample budget', async () => {
    const bytes = await silence(170, { type: 'flac', rate: 96000, channels: 8, bits: 16 });
    expect(bytes.length).toBeLessThan(500_000);
    await expect(decodeAudio(bytes, LIMITS)).rejects.toEqual(
      refusal(
        'The audio would decode to 131 million samples (8 channels at 96000 Hz for 170.0 s); at most 17.28 million are accepted.',
      ),
    );
  });

  it('still decodes the largest ordinary recording: 170 s of stereo at 48 kHz', async () => {
    const bytes = await silence(170, { type: 'flac', rate: 48000, channels: 2, bits: 16 });
    const audio = await decodeAudio(bytes, LIMITS);
    expect(audio.durationSeconds).toBeCloseTo(170, 1);
  });
});

describe('Opus packet length from its table of contents (RFC 6716 3.1)', () => {
  it.each([
    [[0xf8], 960], // CELT 20 ms, one frame
    [[0xf9], 1920], // CELT 20 ms, two equal frames
    [[0xfb, 0x05], 4800], // CELT 20 ms, code 3 with five frames
    [[0x18], 2880], // SILK 60 ms
    [[0x60], 480], // hybrid 10 ms
    [[0x80], 120], // CELT 2.5 ms
    [[], 0],
  ])('%j decodes to %i samples at 48 kHz', (packet, samples) => {
    expect(opusPacketSamples(new Uint8Array(packet))).toBe(samples);
  });
});
