import type { z } from 'zod';
import type { MediaKind } from '../../shared/app-api.js';

export type Kind = z.infer<typeof MediaKind>;

export interface MediaFormat {
  kind: Kind;
  extension: string;
  mimeType: string;
}

const AUDIO_LIMIT_BYTES = 30 * 1024 * 1024;
const IMAGE_LIMIT_BYTES = 10 * 1024 * 1024;

const FORMATS: Record<string, MediaFormat> = {
  wav: { kind: 'audio', extension: 'wav', mimeType: 'audio/wav' },
  mp3: { kind: 'audio', extension: 'mp3', mimeType: 'audio/mpeg' },
  ogg: { kind: 'audio', extension: 'ogg', mimeType: 'audio/ogg' },
  webm: { kind: 'audio', extension: 'webm', mimeType: 'audio/webm' },
  flac: { kind: 'audio', extension: 'flac', mimeType: 'audio/flac' },
  png: { kind: 'image', extension: 'png', mimeType: 'image/png' },
  jpg: { kind: 'image', extension: 'jpg', mimeType: 'image/jpeg' },
  svg: { kind: 'image', extension: 'svg', mimeType: 'image/svg+xml' },
};

export const ACCEPTED = {
  audio: 'WAV, MP3, Ogg, WebM or FLAC',
  image: 'PNG, JPEG or SVG',
} as const;

/** The MIME type of a stored media file, by the extension it was stored under. */
export function formatOfExtension(extension: string): MediaFormat | null {
  return FORMATS[extension.toLowerCase()] ?? null;
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function isMpegFrame(bytes: Uint8Array): boolean {
  const b1 = bytes[1] ?? 0;
  return bytes[0] === 0xff && (b1 & 0xe0) === 0xe0 && (b1 & 0x06) !== 0;
}

function sniffAudio(bytes: Uint8Array): string | null {
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE') return 'wav';
  if (ascii(bytes, 0, 4) === 'fLaC') return 'flac';
  if (ascii(bytes, 0, 4) === 'OggS') return 'ogg';
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    return 'webm';
  }
  if (ascii(bytes, 0, 3) === 'ID3' || isMpegFrame(bytes)) return 'mp3';
  return null;
}

function sniffImage(bytes: Uint8Array): string | null {
  if (bytes[0] === 0x89 && ascii(bytes, 1, 3) === 'PNG' && ascii(bytes, 12, 4) === 'IHDR') {
    return 'png';
  }
  const last = bytes.length - 1;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    // A JPEG cut short (no end-of-image marker) shows half a picture; refuse it.
    return bytes[last - 1] === 0xff && bytes[last] === 0xd9 ? 'jpg' : 'truncated-jpeg';
  }
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('utf8').trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/iu.test(head)) {
    return 'svg';
  }
  return null;
}

/** Half an SVG file would show half a picture; what it may run or fetch is svg-sanitizer's. */
function svgProblem(bytes: Uint8Array): string | null {
  const text = Buffer.from(bytes).toString('utf8');
  return /<\/svg>\s*$/iu.test(text) ? null : 'the SVG file is incomplete (no closing </svg>)';
}

/** What a file holds, told by its bytes; the file name's extension is not trusted. */
export function identifyMedia(bytes: Uint8Array, kind: Kind): MediaFormat {
  const limit = kind === 'audio' ? AUDIO_LIMIT_BYTES : IMAGE_LIMIT_BYTES;
  if (bytes.length === 0) throw new MediaProblem('the file is empty');
  if (bytes.length > limit) {
    throw new MediaProblem(`the file is larger than ${limit / 1024 / 1024} MB`);
  }
  if (bytes.length < 16) throw new MediaProblem('the file is too short to be a picture or sound');
  const found = kind === 'audio' ? sniffAudio(bytes) : sniffImage(bytes);
  if (found === 'truncated-jpeg') throw new MediaProblem('the JPEG file is incomplete');
  const format = found ? FORMATS[found] : undefined;
  if (!format) {
    const other = kind === 'audio' ? sniffImage(bytes) : sniffAudio(bytes);
    throw new MediaProblem(
      other
        ? `this is ${kind === 'audio' ? 'a picture' : 'a sound'}, not ${kind === 'audio' ? 'audio' : 'an image'}`
        : `the file is not ${ACCEPTED[kind]}`,
    );
  }
  if (found === 'svg') {
    const problem = svgProblem(bytes);
    if (problem) throw new MediaProblem(problem);
  }
  return format;
}

/** A file refused as prompt media, with the reason in words an examiner can act on. */
export class MediaProblem extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'MediaProblem';
  }
}
