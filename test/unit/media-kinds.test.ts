import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { identifyMedia } from '../../src/main/media/media-kinds.js';
import { encodeWav } from '../helpers/speech-fixtures.js';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../fixtures/audio', name));
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.alloc(40),
  Buffer.from([0xff, 0xd9]),
]);
const svg = (body: string) =>
  Buffer.from(`<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>\n`);

describe('prompt media are told by their bytes', () => {
  it('accepts each audio format the exam items use', () => {
    expect(identifyMedia(encodeWav(new Float32Array(1600)), 'audio').mimeType).toBe('audio/wav');
    expect(identifyMedia(fixture('speech.mp3'), 'audio').mimeType).toBe('audio/mpeg');
    expect(identifyMedia(fixture('speech.opus.ogg'), 'audio').mimeType).toBe('audio/ogg');
    expect(identifyMedia(fixture('speech-chromium.webm'), 'audio').mimeType).toBe('audio/webm');
    const flac = Buffer.concat([Buffer.from('fLaC'), Buffer.alloc(40)]);
    expect(identifyMedia(flac, 'audio').mimeType).toBe('audio/flac');
  });

  it('accepts PNG, complete JPEG and plain SVG pictures', () => {
    expect(identifyMedia(PNG, 'image').mimeType).toBe('image/png');
    expect(identifyMedia(JPEG, 'image').mimeType).toBe('image/jpeg');
    expect(identifyMedia(svg('<rect width="4" height="4"/>'), 'image').mimeType).toBe(
      'image/svg+xml',
    );
  });

  it('refuses each bad file with a reason an examiner can act on', () => {
    const refused = (bytes: Uint8Array, kind: 'audio' | 'image') => {
      try {
        identifyMedia(bytes, kind);
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refused(Buffer.alloc(0), 'audio')).toBe('the file is empty');
    expect(refused(Buffer.from('just some text that is long'), 'audio')).toBe(
      'the file is not WAV, MP3, Ogg, WebM or FLAC',
    );
    expect(refused(PNG, 'audio')).toBe('this is a picture, not audio');
    expect(refused(fixture('speech.mp3'), 'image')).toBe('this is a sound, not an image');
    expect(refused(JPEG.subarray(0, 30), 'image')).toBe('the JPEG file is incomplete');
    expect(refused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect/>'), 'image')).toBe(
      'the SVG file is incomplete (no closing </svg>)',
    );
    expect(refused(Buffer.alloc(31 * 1024 * 1024, 1), 'audio')).toBe(
      'the file is larger than 30 MB',
    );
  });
});
