/**
 * Compression bombs: small files whose headers promise an enormous decoded size. Silence made by
 * sox (undithered, so FLAC and Vorbis squeeze it to almost nothing) at hostile rates and channel
 * counts, and the project's Opus fixtures rewritten to declare 255 channels.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { readAudioFixture } from './speech-fixtures.js';

const run = promisify(execFile);

/** `seconds` of digital silence, written by sox without dither. */
export async function silence(
  seconds: number,
  output: { type: string; rate: number; channels: number; bits?: number },
): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'examiner-bomb-'));
  try {
    const out = join(dir, `silence.${output.type}`);
    const format = ['-r', String(output.rate), '-c', String(output.channels)];
    if (output.bits) format.push('-b', String(output.bits));
    await run('sox', [
      '-V1',
      '-D',
      '-n',
      ...format,
      '-t',
      output.type,
      out,
      'trim',
      '0',
      String(seconds),
    ]);
    return new Uint8Array(await readFile(out));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let r = index << 24;
  for (let bit = 0; bit < 8; bit++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
  return r >>> 0;
});

/** The Ogg page checksum: CRC-32, polynomial 0x04c11db7, unreflected, over the page with a zero CRC. */
function oggCrc(page: Uint8Array): number {
  let crc = 0;
  for (const byte of page) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}

function lacing(length: number): number[] {
  const values: number[] = [];
  for (let rest = length; ; rest -= 255) {
    values.push(Math.min(rest, 255));
    if (rest < 255) return values;
  }
}

/** An OpusHead of `channels` channels with mapping family 255: one mono stream per channel. */
function wideOpusHead(original: Uint8Array, channels: number): Uint8Array {
  const head = new Uint8Array(21 + channels);
  head.set(original.subarray(0, 19));
  head[9] = channels;
  head[18] = 255;
  head[19] = channels;
  head[20] = 0;
  for (let c = 0; c < channels; c++) head[21 + c] = c;
  return head;
}

/** The Ogg Opus fixture, its first page (the OpusHead) rebuilt to declare `channels` channels. */
export async function wideOggOpus(channels: number): Promise<Uint8Array> {
  const bytes = await readAudioFixture('sine440-3ch.opus.ogg');
  const segments = bytes[26]!;
  let end = 27 + segments;
  for (let i = 0; i < segments; i++) end += bytes[27 + i]!;
  const head = wideOpusHead(bytes.subarray(27 + segments, end), channels);
  const laced = lacing(head.length);
  const page = new Uint8Array(27 + laced.length + head.length);
  page.set(bytes.subarray(0, 27));
  page[26] = laced.length;
  page.set(laced, 27);
  page.set(head, 27 + laced.length);
  page.fill(0, 22, 26);
  new DataView(page.buffer).setUint32(22, oggCrc(page), true);
  const out = new Uint8Array(page.length + bytes.length - end);
  out.set(page);
  out.set(bytes.subarray(end), page.length);
  return out;
}

/** Chromium's WebM recording with its OpusHead saying `channels` (mapping family 0, no CRC). */
export async function wideWebmOpus(channels: number): Promise<Uint8Array> {
  const bytes = (await readAudioFixture('speech-chromium.webm')).slice();
  const at = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf('OpusHead');
  if (at < 0) throw new Error('the WebM fixture has no OpusHead');
  bytes[at + 9] = channels;
  return bytes;
}
