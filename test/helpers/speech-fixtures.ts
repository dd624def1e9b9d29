/**
 * Real audio made on the fly for tests: espeak-ng speaks, sox converts and edits.
 * Results are cached under the system temp folder, keyed by everything that shapes them,
 * so a suite that asks for the same sentence twice synthesizes it once.
 */
import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { seededRandom } from '../../scripts/seeded-random.js';

const run = promisify(execFile);
// Named for sox's repeatable mode: files made before it (a random dither each) are not reused.
const CACHE_DIR = join(tmpdir(), 'examiner-speech-fixtures-repeatable');
/** espeak-ng's own default rate; `speed` is a multiple of it. */
const DEFAULT_WORDS_PER_MINUTE = 175;

export interface SpeechOptions {
  /** An espeak-ng voice name such as `en-gb` or `en-us`. */
  voice?: string;
  /** A multiple of the default speaking rate (1 = 175 words per minute). */
  speed?: number;
  /** The speaking rate itself; wins over `speed`. */
  wordsPerMinute?: number;
}

function commandWorks(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, { stdio: 'ignore' });
  return result.error === undefined && result.status === 0;
}

export function hasEspeak(): boolean {
  return commandWorks('espeak-ng', ['--version']);
}

export function hasSox(): boolean {
  return commandWorks('sox', ['--version']);
}

/** opus-tools' encoder (Debian's opus-tools), for answers sent as Opus. */
export function hasOpusenc(): boolean {
  return commandWorks('opusenc', ['--version']);
}

let warned = false;

/**
 * Why speech tests cannot run here (for `describe.skipIf`), or undefined when espeak-ng and sox
 * are both present. The reason is printed once, since vitest shows skipped tests without one.
 */
export function missingToolsReason(): string | undefined {
  const missing = [hasEspeak() ? undefined : 'espeak-ng', hasSox() ? undefined : 'sox'].filter(
    Boolean,
  );
  if (missing.length === 0) return undefined;
  const reason = `speech tests skipped: they need ${missing.join(' and ')} on PATH`;
  if (!warned) console.warn(reason);
  warned = true;
  return reason;
}

function cacheKey(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 24);
}

/** Runs `produce` into a fresh path once per key; later calls read the cached file. */
async function cached(
  key: string,
  extension: string,
  produce: (out: string) => Promise<void>,
): Promise<Uint8Array> {
  await mkdir(CACHE_DIR, { recursive: true });
  const target = join(CACHE_DIR, `${key}.${extension}`);
  try {
    return new Uint8Array(await readFile(target));
  } catch {
    // Write beside the target, then rename, so parallel test workers never read half a file.
    const partial = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.${extension}`;
    await produce(partial);
    await rename(partial, target);
    return new Uint8Array(await readFile(target));
  }
}

export async function synthesizeSpeech(
  text: string,
  options: SpeechOptions = {},
): Promise<Uint8Array> {
  const voice = options.voice ?? 'en-us';
  const wpm = Math.round(options.wordsPerMinute ?? DEFAULT_WORDS_PER_MINUTE * (options.speed ?? 1));
  return cached(cacheKey(['espeak', text, voice, wpm]), 'wav', async (out) => {
    await run('espeak-ng', ['-v', voice, '-s', String(wpm), '-w', out, '--', text]);
  });
}

/** The sentence the Repeat Sentence tests read, of an exam item's length. */
export const READING_SENTENCE = 'The students finished their project before the deadline';
/**
 * The espeak-ng voice they read it with, at a learner's pace. The PocketSphinx model (trained on
 * human US speech) recognises espeak-ng's default en-us voice poorly; its f2 variant is decoded
 * reliably, so the tests test the engine, not the synthesizer.
 */
export const READING_VOICE: SpeechOptions = { voice: 'en-us+f2', speed: 0.85 };

/** `text` read by that voice, with half a second of quiet either side, as a WAV. */
export async function spokenReading(text = READING_SENTENCE): Promise<Uint8Array> {
  return edit(await synthesizeSpeech(text, READING_VOICE), ['pad', '0.5', '0.5']);
}

/** The reading's restart: its first two words (after half a second of quiet), 0.8 s, the reading. */
export async function restartedReading(): Promise<{ falseStart: Uint8Array; restart: Uint8Array }> {
  const falseStart = await edit(await synthesizeSpeech('The students', READING_VOICE), [
    'pad',
    '0.5',
    '0',
  ]);
  const restart = await concatenate([falseStart, silentWav(0.8), await spokenReading()]);
  return { falseStart, restart };
}

/** Encoding choices passed to sox for the output file (see `man soxformat`). */
export interface SoxOutput {
  /** File type, e.g. `wav`, `flac`, `ogg`. */
  type: string;
  rate?: number;
  channels?: number;
  bits?: number;
  encoding?: 'signed-integer' | 'unsigned-integer' | 'floating-point' | 'u-law' | 'a-law';
}

function outputArgs(output: SoxOutput): string[] {
  const args: string[] = [];
  if (output.rate) args.push('-r', String(output.rate));
  if (output.channels) args.push('-c', String(output.channels));
  if (output.bits) args.push('-b', String(output.bits));
  if (output.encoding) args.push('-e', output.encoding);
  return [...args, '-t', output.type];
}

/**
 * Runs sox over the given inputs (concatenated in order) with an effect chain, e.g.
 * `sox([speech], { type: 'flac', rate: 44100 })` or `sox([a, b], { type: 'wav' }, ['pad', '1', '0'])`.
 */
export async function sox(
  inputs: Uint8Array[],
  output: SoxOutput,
  effects: string[] = [],
): Promise<Uint8Array> {
  const key = cacheKey([
    'sox',
    inputs.map((i) => createHash('sha256').update(i).digest('hex')),
    output,
    effects,
  ]);
  return cached(key, output.type, async (out) => {
    const dir = await mkdtemp(join(tmpdir(), 'examiner-sox-'));
    try {
      const paths = await Promise.all(
        inputs.map(async (bytes, i) => {
          const path = join(dir, `in${i}`);
          await writeFile(path, bytes);
          return path;
        }),
      );
      const typed = paths.flatMap((path, i) => ['-t', typeOf(inputs[i]!), path]);
      await run('sox', ['-V1', ...typed, ...outputArgs(output), out, ...effects]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}

function typeOf(bytes: Uint8Array): string {
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  if (magic === 'fLaC') return 'flac';
  if (magic === 'OggS') return 'ogg';
  return 'wav';
}

/** An Ogg Opus copy of a recording at `kilobitsPerSecond`, as opusenc makes it. */
export async function opusEncoded(wav: Uint8Array, kilobitsPerSecond: number): Promise<Uint8Array> {
  const key = cacheKey([
    'opusenc',
    createHash('sha256').update(wav).digest('hex'),
    kilobitsPerSecond,
  ]);
  return cached(key, 'opus', async (out) => {
    const dir = await mkdtemp(join(tmpdir(), 'examiner-opusenc-'));
    try {
      const input = join(dir, 'in.wav');
      await writeFile(input, wav);
      await run('opusenc', ['--quiet', '--bitrate', String(kilobitsPerSecond), input, out]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}

/** Joins recordings end to end; sox brings them to the first one's rate and channel count. */
export async function concatenate(
  parts: Uint8Array[],
  output: SoxOutput = { type: 'wav' },
): Promise<Uint8Array> {
  const [first, ...rest] = parts;
  if (!first) throw new Error('concatenate needs at least one part');
  const uniform = await Promise.all(
    rest.map((part) => sox([part], { type: 'wav', rate: 16000, channels: 1 })),
  );
  const head = await sox([first], { type: 'wav', rate: 16000, channels: 1 });
  return sox([head, ...uniform], output);
}

/** Applies a sox effect chain, e.g. `edit(wav, ['pad', '2', '1'])` or `edit(wav, ['trim', '0', '1.5'])`. */
export async function edit(
  bytes: Uint8Array,
  effects: string[],
  output: SoxOutput = { type: 'wav' },
): Promise<Uint8Array> {
  return sox([bytes], output, effects);
}

/** Drives the signal far past full scale so that sox clips it (sox warns; the clipping is the point). */
export async function clippedWav(bytes: Uint8Array, gainDb = 24): Promise<Uint8Array> {
  return sox([bytes], { type: 'wav', bits: 16, encoding: 'signed-integer' }, [
    'gain',
    String(gainDb),
  ]);
}

/** A pure sine from sox's synthesizer, for checks on pitch and level. */
export async function sineWav(
  frequency: number,
  seconds: number,
  output: SoxOutput,
): Promise<Uint8Array> {
  const key = cacheKey(['sine', frequency, seconds, output]);
  return cached(key, output.type, async (out) => {
    await run('sox', [
      '-V1',
      '-n',
      ...outputArgs(output),
      out,
      'synth',
      String(seconds),
      'sine',
      String(frequency),
      'vol',
      '0.5',
    ]);
  });
}

export interface WavOptions {
  sampleRate?: number;
  channels?: number;
}

/** A 16-bit PCM WAV holding the given samples (interleaved when there are several channels). */
/** A left and a right channel as one stereo 16-bit WAV (interleaved, as WAV stores them). */
export function encodeStereoWav(
  left: Float32Array,
  right: Float32Array,
  options: Omit<WavOptions, 'channels'> = {},
): Uint8Array {
  const frames = Math.min(left.length, right.length);
  const interleaved = Float32Array.from({ length: frames * 2 }, (_, i) =>
    i % 2 ? right[i >> 1]! : left[i >> 1]!,
  );
  return encodeWav(interleaved, { ...options, channels: 2 });
}

export function encodeWav(samples: Float32Array, options: WavOptions = {}): Uint8Array {
  const sampleRate = options.sampleRate ?? 16000;
  const channels = options.channels ?? 1;
  const dataBytes = samples.length * 2;
  const bytes = new Uint8Array(44 + dataBytes);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string): void =>
    bytes.set(Buffer.from(value, 'latin1'), offset);
  text(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * 2, true);
  view.setUint16(32, channels * 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, dataBytes, true);
  samples.forEach((v, i) =>
    view.setInt16(44 + i * 2, Math.round(Math.max(-1, Math.min(1, v)) * 32767), true),
  );
  return bytes;
}

/** Digital silence, or near-silence when `noiseDbfs` is given (seeded, so runs repeat). */
export function silentWav(
  seconds: number,
  options: WavOptions & { noiseDbfs?: number } = {},
): Uint8Array {
  const sampleRate = options.sampleRate ?? 16000;
  const length = Math.round(seconds * sampleRate);
  const samples =
    options.noiseDbfs === undefined
      ? new Float32Array(length)
      : uniformNoise(length, options.noiseDbfs, 12345);
  return encodeWav(samples, { sampleRate });
}

/** Uniform noise of `dbfs` RMS (a quiet room's floor), seeded so that runs repeat. */
export function uniformNoise(length: number, dbfs: number, seed: number): Float32Array {
  // Uniform noise in [-a, a] has an RMS of a / sqrt(3).
  const amplitude = 10 ** (dbfs / 20) * Math.sqrt(3);
  const random = seededRandom(seed);
  return Float32Array.from({ length }, () => (random() * 2 - 1) * amplitude);
}

/** A committed file from test/fixtures/audio (see the README there for how each was made). */
export async function readAudioFixture(name: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(new URL(`../fixtures/audio/${name}`, import.meta.url)));
}

/** The frequency of a pure tone, from its zero crossings (two per period). */
export function zeroCrossingFrequency(samples: Float32Array, sampleRate: number): number {
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) if (samples[i - 1]! < 0 !== samples[i]! < 0) crossings++;
  return crossings / 2 / (samples.length / sampleRate);
}

export function rootMeanSquare(samples: Float32Array): number {
  let energy = 0;
  for (const v of samples) energy += v * v;
  return Math.sqrt(energy / Math.max(1, samples.length));
}

/** The largest absolute sample. */
export function peakAmplitude(samples: Float32Array): number {
  return samples.reduce((most, sample) => Math.max(most, Math.abs(sample)), 0);
}

/** Pink noise by Paul Kellett's filter over white noise drawn from `random`, times `gain`. */
export function pinkNoiseSamples(length: number, random: () => number, gain = 1): Float32Array {
  const out = new Float32Array(length);
  let [b0, b1, b2, b3, b4, b5, b6] = [0, 0, 0, 0, 0, 0, 0];
  for (let i = 0; i < length; i += 1) {
    const white = random() * 2 - 1;
    b0 = 0.99886 * b0 + white * 0.0555179;
    b1 = 0.99332 * b1 + white * 0.0750759;
    b2 = 0.969 * b2 + white * 0.153852;
    b3 = 0.8665 * b3 + white * 0.3104856;
    b4 = 0.55 * b4 + white * 0.5329522;
    b5 = -0.7616 * b5 - white * 0.016898;
    out[i] = gain * (b0 + b1 + b2 + b3 + b4 + b5 + b6 + white * 0.5362);
    b6 = white * 0.115926;
  }
  return out;
}

/**
 * White noise added to a 16 kHz mono recording at the given signal-to-noise ratio, the signal
 * measured as its active level (the mean power of the louder half of its 20 ms frames).
 */
export function withWhiteNoise(samples: Float32Array, snrDb: number, seed = 1): Float32Array {
  const frame = 320;
  const powers: number[] = [];
  for (let start = 0; start + frame <= samples.length; start += frame) {
    let sum = 0;
    for (let i = start; i < start + frame; i += 1) sum += samples[i]! ** 2;
    powers.push(sum / frame);
  }
  powers.sort((a, b) => b - a);
  const loud = powers.slice(0, Math.max(1, Math.floor(powers.length / 2)));
  const signal = loud.reduce((sum, value) => sum + value, 0) / loud.length;
  const noiseRms = Math.sqrt(signal / 10 ** (snrDb / 10));
  const next = seededRandom(seed);
  return samples.map((value) => Math.max(-1, Math.min(1, value + noiseRms * gaussian(next))));
}

/** A standard normal draw (Box–Muller) from a uniform generator. */
export function gaussian(next: () => number): number {
  return Math.sqrt(-2 * Math.log(Math.max(1e-12, next()))) * Math.cos(2 * Math.PI * next());
}

/** A room's acoustics: how long its echo takes to die away by 60 dB, and the voice's level over it. */
export interface Room {
  reverberationSeconds: number;
  directToReverberantDb: number;
}

/**
 * A room's impulse response at 16 kHz: the direct sound, then from 3 ms a diffuse tail of
 * Gaussian noise decaying by 60 dB over `reverberationSeconds`, at `directToReverberantDb`
 * under it (the statistical model of late reverberation, Polack 1988).
 */
export function roomResponse(room: Room, seed = 1): Float32Array {
  const rate = 16000;
  const response = new Float32Array(Math.round(room.reverberationSeconds * rate));
  const next = seededRandom(seed);
  const decay = Math.log(1000) / (room.reverberationSeconds * rate);
  let tail = 0;
  for (let i = Math.round(0.003 * rate); i < response.length; i += 1) {
    response[i] = gaussian(next) * Math.exp(-decay * i);
    tail += response[i]! ** 2;
  }
  const gain = Math.sqrt(1 / (tail * 10 ** (room.directToReverberantDb / 10)));
  for (let i = 1; i < response.length; i += 1) response[i]! *= gain;
  response[0] = 1;
  return response;
}

/** The recording as a microphone in `room` hears it, echo tail included, at the same peak. */
export function inRoom(samples: Float32Array, room: Room, seed = 1): Float32Array {
  const response = roomResponse(room, seed);
  const out = new Float32Array(samples.length + response.length - 1);
  for (let lag = 0; lag < response.length; lag += 1) {
    const gain = response[lag]!;
    for (let i = 0; i < samples.length; i += 1) out[i + lag]! += gain * samples[i]!;
  }
  const scale = peakAmplitude(samples) / Math.max(1e-9, peakAmplitude(out));
  return out.map((value) => value * scale);
}

/** Non-speech from sox's synthesizer (a hum, a buzz, pink noise), framed by 0.5 s of silence. */
export async function synthesizedNoise(
  kind: 'hum' | 'buzz' | 'pink',
  seconds = 3,
): Promise<Uint8Array> {
  const synth: Record<typeof kind, string[]> = {
    hum: ['sine', '100', 'sine', '200', 'sine', '300'],
    buzz: ['sawtooth', '110'],
    pink: ['pinknoise'],
  };
  const key = cacheKey(['noise', kind, seconds]);
  return cached(key, 'wav', (out) =>
    soxSynth(out, seconds, synth[kind], ['vol', '0.3', 'pad', '0.5', '0.5']),
  );
}

/** `seconds` of sox's synthesizer (`generator` in sox synth's words), 16 kHz mono, then `effects`. */
export async function soxSynth(
  out: string,
  seconds: number,
  generator: readonly string[],
  effects: readonly string[] = [],
): Promise<void> {
  await run('sox', [
    '-V1',
    '-n',
    '-r',
    '16000',
    '-c',
    '1',
    '-b',
    '16',
    out,
    'synth',
    String(seconds),
    ...generator,
    ...effects,
  ]);
}
