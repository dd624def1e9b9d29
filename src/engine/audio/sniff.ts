export type AudioFormat = 'wav' | 'mp3' | 'ogg' | 'webm' | 'flac';

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

/** An MPEG audio frame header: 11 sync bits, a valid version and layer III. */
function isMpegFrame(bytes: Uint8Array, at: number): boolean {
  const b1 = bytes[at + 1] ?? 0;
  return bytes[at] === 0xff && (b1 & 0xe0) === 0xe0 && (b1 & 0x18) !== 0x08 && (b1 & 0x06) === 0x02;
}

/** The container is told by its first bytes; the URL and any Content-Type are not trusted. */
export function detectFormat(bytes: Uint8Array): AudioFormat | undefined {
  if (bytes.length < 12) return undefined;
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE') return 'wav';
  if (ascii(bytes, 0, 4) === 'fLaC') return 'flac';
  if (ascii(bytes, 0, 4) === 'OggS') return 'ogg';
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    return 'webm';
  }
  if (ascii(bytes, 0, 3) === 'ID3' || isMpegFrame(bytes, 0)) return 'mp3';
  return undefined;
}
