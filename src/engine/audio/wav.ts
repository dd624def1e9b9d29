import { assertDecodable } from './bounds.js';
import { assertDuration, unreadable } from './errors.js';
import type { PcmAudio } from './pcm.js';

const FORMAT_PCM = 1;
const FORMAT_FLOAT = 3;
const FORMAT_ALAW = 6;
const FORMAT_MULAW = 7;
const FORMAT_EXTENSIBLE = 0xfffe;

export interface WavHeader {
  format: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  blockAlign: number;
  dataOffset: number;
  dataLength: number;
  durationSeconds: number;
}

interface FmtChunk {
  format: number;
  channels: number;
  sampleRate: number;
  blockAlign: number;
  bitsPerSample: number;
}

function readFmt(view: DataView, offset: number, size: number): FmtChunk {
  if (size < 16) throw unreadable('The WAV format chunk is truncated.');
  let format = view.getUint16(offset, true);
  // WAVE_FORMAT_EXTENSIBLE keeps the real format code in the first two bytes of the sub-format GUID.
  if (format === FORMAT_EXTENSIBLE) {
    if (size < 40) throw unreadable('The WAV extensible format chunk is truncated.');
    format = view.getUint16(offset + 24, true);
  }
  return {
    format,
    channels: view.getUint16(offset + 2, true),
    sampleRate: view.getUint32(offset + 4, true),
    blockAlign: view.getUint16(offset + 12, true),
    bitsPerSample: view.getUint16(offset + 14, true),
  };
}

function checkFmt(fmt: FmtChunk): void {
  const bits = fmt.bitsPerSample;
  const supported =
    (fmt.format === FORMAT_PCM && [8, 16, 24, 32].includes(bits)) ||
    (fmt.format === FORMAT_FLOAT && (bits === 32 || bits === 64)) ||
    ((fmt.format === FORMAT_ALAW || fmt.format === FORMAT_MULAW) && bits === 8);
  if (!supported) throw unreadable(`WAV encoding ${fmt.format} at ${bits} bits is not supported.`);
  if (fmt.channels < 1 || fmt.sampleRate < 1000 || fmt.sampleRate > 768_000) {
    throw unreadable('The WAV header gives an impossible channel count or sample rate.');
  }
  if (fmt.blockAlign < fmt.channels * (bits / 8)) {
    throw unreadable('The WAV block alignment is inconsistent.');
  }
}

/** Walks the RIFF chunks up to the data chunk; reads no sample data. */
export function parseWavHeader(bytes: Uint8Array): WavHeader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let fmt: FmtChunk | undefined;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') fmt = readFmt(view, body, Math.min(size, bytes.length - body));
    if (id === 'data') {
      if (!fmt) throw unreadable('The WAV data chunk comes before its format chunk.');
      checkFmt(fmt);
      // Streaming writers leave the size unset (0 or 0xFFFFFFFF); trust the bytes actually present.
      const available = bytes.length - body;
      const declared = size === 0 || size === 0xffffffff ? available : size;
      const dataLength = Math.min(declared, available);
      const frames = Math.floor(dataLength / fmt.blockAlign);
      return { ...fmt, dataOffset: body, dataLength, durationSeconds: frames / fmt.sampleRate };
    }
    offset = body + size + (size % 2);
  }
  throw unreadable('The WAV file has no audio data chunk.');
}

type SampleReader = (view: DataView, offset: number) => number;

function mulawToLinear(byte: number): number {
  const u = ~byte & 0xff;
  const magnitude = (((u & 0x0f) << 3) + 0x84) << ((u & 0x70) >> 4);
  return (u & 0x80 ? 0x84 - magnitude : magnitude - 0x84) / 32768;
}

function alawToLinear(byte: number): number {
  const a = byte ^ 0x55;
  const exponent = (a & 0x70) >> 4;
  let magnitude = ((a & 0x0f) << 4) + 8;
  if (exponent !== 0) magnitude = (magnitude + 0x100) << (exponent - 1);
  return (a & 0x80 ? magnitude : -magnitude) / 32768;
}

function sampleReader(format: number, bits: number): SampleReader {
  if (format === FORMAT_FLOAT) {
    return bits === 32 ? (v, o) => v.getFloat32(o, true) : (v, o) => v.getFloat64(o, true);
  }
  if (format === FORMAT_MULAW) return (v, o) => mulawToLinear(v.getUint8(o));
  if (format === FORMAT_ALAW) return (v, o) => alawToLinear(v.getUint8(o));
  switch (bits) {
    case 8:
      return (v, o) => (v.getUint8(o) - 128) / 128;
    case 16:
      return (v, o) => v.getInt16(o, true) / 32768;
    case 24:
      return (v, o) =>
        (v.getUint8(o) | (v.getUint8(o + 1) << 8) | (v.getInt8(o + 2) << 16)) / 8388608;
    default:
      return (v, o) => v.getInt32(o, true) / 2147483648;
  }
}

export function decodeWav(bytes: Uint8Array, maxDurationSeconds?: number): PcmAudio {
  const header = parseWavHeader(bytes);
  assertDuration(header.durationSeconds, maxDurationSeconds);
  assertDecodable(header);
  const view = new DataView(bytes.buffer, bytes.byteOffset + header.dataOffset, header.dataLength);
  const read = sampleReader(header.format, header.bitsPerSample);
  const frames = Math.floor(header.dataLength / header.blockAlign);
  const bytesPerSample = header.bitsPerSample / 8;
  const channels = Array.from({ length: header.channels }, () => new Float32Array(frames));
  for (let frame = 0; frame < frames; frame++) {
    const base = frame * header.blockAlign;
    for (let c = 0; c < header.channels; c++)
      channels[c]![frame] = read(view, base + c * bytesPerSample);
  }
  return { channels, sampleRate: header.sampleRate };
}
