/**
 * Issue 21, row 2: an MP3 whose frames carry no bitrate ("free format") held a decoder for 45 s.
 * The hostile files are built here: real frames first, so that the file looks like an MP3, then
 * free-format frames, as the attack sent them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio } from '../../src/engine/audio/decode.js';
import { frameHeaderAt, hasFreeFormatFrames } from '../../src/engine/audio/mp3-free-format.js';
import { readAudioFixture } from '../helpers/speech-fixtures.js';

/** MPEG-1 layer III, 44.1 kHz, mono, bitrate index 0: what `lame --freeformat` writes. */
const FREE_HEADER = [0xff, 0xfb, 0x00, 0xc4];

/** `count` free-format frames of `length` bytes, their payload noise that never syncs. */
function freeFormatFrames(count: number, length: number): Buffer {
  const frame = Buffer.alloc(length);
  Buffer.from(FREE_HEADER).copy(frame);
  for (let i = 4; i < length; i++) frame[i] = (i * 37) % 251; // never 0xff
  return Buffer.concat(Array.from({ length: count }, () => frame));
}

/** The first `frames` whole frames of a real MP3, ID3 tag and all. */
function realFrames(bytes: Buffer, frames: number): Buffer {
  let at = 0;
  while (!frameHeaderAt(bytes, at)) at++;
  for (let i = 0; i < frames; i++) at += frameHeaderAt(bytes, at)!.length;
  return bytes.subarray(0, at);
}

describe('free-format MP3', () => {
  let speech: Buffer;
  let stereo: Buffer;

  beforeAll(async () => {
    speech = Buffer.from(await readAudioFixture('speech.mp3'));
    stereo = Buffer.from(await readAudioFixture('speech-stereo-id3.mp3'));
  });

  it('is refused before decoding, in the envelope', async () => {
    const hostile = Buffer.concat([realFrames(speech, 5), freeFormatFrames(3000, 1045)]);
    const error = await decodeAudio(hostile, { maxDurationSeconds: 180 }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'ScoringError',
      code: 'AUDIO_UNREADABLE',
      field: 'audioUrl',
      message:
        'Free-format MP3 (frames without a bitrate) is not accepted; send the recording as MP3 ' +
        'at a standard or variable bitrate, or as WAV, FLAC, Ogg or WebM.',
    });
  });

  it('is found after junk between frames, and straight after an ID3 tag', () => {
    const junk = Buffer.from('not audio at all, just bytes '.repeat(20));
    expect(
      hasFreeFormatFrames(Buffer.concat([realFrames(speech, 3), junk, freeFormatFrames(4, 700)])),
    ).toBe(true);
    const id3 = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 20, ...Array<number>(20).fill(0)]);
    expect(hasFreeFormatFrames(Buffer.concat([id3, freeFormatFrames(2, 700)]))).toBe(true);
  });

  it('is not seen in ordinary MP3s, nor in a lone free-format header among junk', () => {
    expect(hasFreeFormatFrames(speech)).toBe(false);
    expect(hasFreeFormatFrames(stereo)).toBe(false);
    const lone = Buffer.concat([
      realFrames(speech, 3),
      Buffer.from(FREE_HEADER),
      Buffer.alloc(9000, 0x20),
    ]);
    expect(hasFreeFormatFrames(lone)).toBe(false);
  });

  it('reads the frame lengths of every MPEG version and layer', () => {
    expect(frameHeaderAt(Buffer.from([0xff, 0xfb, 0x90, 0x64]), 0)).toEqual({
      bitrateIndex: 9,
      length: 417,
    }); // 128k 44.1k L3
    expect(frameHeaderAt(Buffer.from([0xff, 0xf3, 0x96, 0x64]), 0)).toEqual({
      bitrateIndex: 9,
      length: 241,
    }); // MPEG-2 80k 24k L3 + pad
    expect(frameHeaderAt(Buffer.from([0xff, 0xfd, 0x94, 0x64]), 0)).toEqual({
      bitrateIndex: 9,
      length: 480,
    }); // L2 160k 48k
    expect(frameHeaderAt(Buffer.from([0xff, 0xff, 0x90, 0x64]), 0)).toEqual({
      bitrateIndex: 9,
      length: 312,
    }); // L1 288k 44.1k
    expect(frameHeaderAt(Buffer.from([0xff, 0xfb, 0xf0, 0x64]), 0)).toBeNull(); // bitrate index 15
    expect(frameHeaderAt(Buffer.from([0xff, 0xeb, 0x90, 0x64]), 0)).toBeNull(); // reserved version
  });
});
