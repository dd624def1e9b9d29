import { describe, expect, it } from 'vitest';
import { decodeAudio } from '../../src/engine/audio/decode.js';
import { parseWavHeader } from '../../src/engine/audio/wav.js';
import {
  encodeWav,
  missingToolsReason,
  rootMeanSquare,
  sineWav,
  synthesizeSpeech,
  zeroCrossingFrequency,
} from '../helpers/speech-fixtures.js';

const tools = missingToolsReason();

function expectScoringError(code: string) {
  return expect.objectContaining({ name: 'ScoringError', code, field: 'audioUrl' });
}

describe.skipIf(tools)('decodeAudio: WAV from sox', () => {
  it.each([8000, 22050, 44100, 48000])('keeps a 440 Hz tone at 440 Hz from %i Hz', async (rate) => {
    const audio = await decodeAudio(await sineWav(440, 2, { type: 'wav', rate, bits: 16 }));
    expect(audio.sampleRate).toBe(16000);
    expect(audio.durationSeconds).toBeCloseTo(2, 2);
    expect(audio.samples.length).toBe(32000);
    expect(zeroCrossingFrequency(audio.samples, 16000)).toBeCloseTo(440, -1);
    // A 0.5-amplitude sine has an RMS of 0.354.
    expect(rootMeanSquare(audio.samples)).toBeCloseTo(0.354, 2);
  });

  it.each([
    ['8-bit unsigned', { bits: 8, encoding: 'unsigned-integer' }],
    ['24-bit', { bits: 24, encoding: 'signed-integer' }],
    ['32-bit integer', { bits: 32, encoding: 'signed-integer' }],
    ['32-bit float', { bits: 32, encoding: 'floating-point' }],
    ['64-bit float', { bits: 64, encoding: 'floating-point' }],
    ['u-law', { bits: 8, encoding: 'u-law' }],
    ['A-law', { bits: 8, encoding: 'a-law' }],
  ] as const)('decodes %s samples', async (_name, encoding) => {
    const audio = await decodeAudio(
      await sineWav(440, 1, { type: 'wav', rate: 44100, ...encoding }),
    );
    expect(audio.durationSeconds).toBeCloseTo(1, 2);
    expect(zeroCrossingFrequency(audio.samples, 16000)).toBeCloseTo(440, -1);
    expect(rootMeanSquare(audio.samples)).toBeCloseTo(0.354, 1);
  });

  it('mixes stereo to mono', async () => {
    const audio = await decodeAudio(
      await sineWav(440, 1, { type: 'wav', rate: 48000, channels: 2, bits: 16 }),
    );
    expect(zeroCrossingFrequency(audio.samples, 16000)).toBeCloseTo(440, -1);
    expect(rootMeanSquare(audio.samples)).toBeCloseTo(0.354, 2);
  });

  it('reads WAVE_FORMAT_EXTENSIBLE headers, as sox writes for 24-bit multichannel audio', async () => {
    const bytes = await sineWav(440, 1, { type: 'wav', rate: 44100, channels: 4, bits: 24 });
    expect(new DataView(bytes.buffer, bytes.byteOffset).getUint16(20, true)).toBe(0xfffe);
    const audio = await decodeAudio(bytes);
    expect(zeroCrossingFrequency(audio.samples, 16000)).toBeCloseTo(440, -1);
  });

  it('decodes espeak-ng speech with its length intact', async () => {
    const speech = await synthesizeSpeech('The quick brown fox jumps over the lazy dog.');
    const header = parseWavHeader(speech);
    const audio = await decodeAudio(speech);
    expect(audio.durationSeconds).toBeCloseTo(header.durationSeconds, 2);
    expect(audio.samples.every((v) => Math.abs(v) <= 1)).toBe(true);
  });
});

/** Puts an extra chunk (odd-sized, so padded) just before the data chunk. */
function insertChunk(wav: Uint8Array, id: string, body: Uint8Array): Uint8Array {
  const dataAt = Buffer.from(wav).indexOf('data');
  const chunk = new Uint8Array(8 + body.length + (body.length % 2));
  chunk.set(Buffer.from(id, 'latin1'));
  new DataView(chunk.buffer).setUint32(4, body.length, true);
  chunk.set(body, 8);
  return Buffer.concat([wav.subarray(0, dataAt), chunk, wav.subarray(dataAt)]);
}

describe('decodeAudio: WAV edge cases', () => {
  it('ignores chunks it does not know, such as LIST', async () => {
    const withList = insertChunk(
      encodeWav(new Float32Array(16000).fill(0.25)),
      'LIST',
      new Uint8Array([1, 2, 3]),
    );
    const audio = await decodeAudio(withList);
    expect(audio.durationSeconds).toBeCloseTo(1, 3);
  });
  it('trusts the bytes present when a streaming writer left the data size unset', async () => {
    const wav = encodeWav(new Float32Array(8000).fill(0.1));
    new DataView(wav.buffer).setUint32(40, 0xffffffff, true);
    expect((await decodeAudio(wav)).durationSeconds).toBeCloseTo(0.5, 3);
  });

  it('refuses audio over the duration limit from the header alone', async () => {
    const wav = encodeWav(new Float32Array(16000 * 3));
    await expect(decodeAudio(wav, { maxDurationSeconds: 2 })).rejects.toEqual(
      expectScoringError('AUDIO_TOO_LONG'),
    );
    expect((await decodeAudio(wav, { maxDurationSeconds: 3 })).durationSeconds).toBe(3);
  });

  it('calls bytes it does not recognise unreadable, whatever the URL said', async () => {
    await expect(
      decodeAudio(new TextEncoder().encode('<html>not audio at all</html>')),
    ).rejects.toEqual(expectScoringError('AUDIO_UNREADABLE'));
    await expect(decodeAudio(new Uint8Array(0))).rejects.toEqual(
      expectScoringError('AUDIO_UNREADABLE'),
    );
  });

  it('refuses a WAV without a data chunk or with an unsupported encoding', async () => {
    const wav = encodeWav(new Float32Array(100));
    await expect(decodeAudio(wav.subarray(0, 36))).rejects.toEqual(
      expectScoringError('AUDIO_UNREADABLE'),
    );
    const adpcm = wav.slice();
    new DataView(adpcm.buffer).setUint16(20, 2, true);
    await expect(decodeAudio(adpcm)).rejects.toEqual(expectScoringError('AUDIO_UNREADABLE'));
  });

  it('refuses impossible headers', async () => {
    const wav = encodeWav(new Float32Array(100));
    new DataView(wav.buffer).setUint16(22, 0, true);
    await expect(decodeAudio(wav)).rejects.toEqual(expectScoringError('AUDIO_UNREADABLE'));
  });
});
