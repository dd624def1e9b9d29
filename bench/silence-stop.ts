/**
 * Where the silence stop's margins (src/renderer/src/recording/voice-activity.ts) stand against
 * real sound: sox noise rooms over 5 minutes, and espeak-ng speech over a pink-noise floor (the
 * sentence and levels of test/e2e/silence.spec.ts), read as the meter reads the microphone and
 * fed to the app's VoiceActivity. Usage: npx tsx bench/silence-stop.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXAM_TIMING } from '../src/shared/app-api.js';
import {
  LevelMeter,
  SPEECH_MARGIN_DB,
  VoiceActivity,
} from '../src/renderer/src/recording/voice-activity.js';
import { missingToolsReason } from '../test/helpers/speech-fixtures.js';

// The meter: the analyser's last 1024 samples at 48 kHz, read once per animation frame (60 Hz).
const RATE = 48_000;
const WINDOW = 1024;
const SAMPLES_PER_READING = RATE / 60;
const ROOM_SECONDS = 300;
const ROOM_DB = -38;
const SENTENCE =
  'Gas is the largest source of electricity, followed by wind, then coal and solar, and hydro is the smallest of all.';
const SPEECH_FROM_SECONDS = 1;
/** The room after the sentence: long enough for the app's silence stop to come. */
const AFTER_SPEECH_SECONDS = EXAM_TIMING.silenceStopSeconds + 3;
const SPEECH_ROOMS = [
  { speechDb: -42, floorDb: -70 },
  { speechDb: -21, floorDb: -38 },
  { speechDb: -21, floorDb: -27 },
];
const ROOM_COLUMNS = [
  'room',
  'max dB',
  '99th pct dB',
  'median dB',
  `readings > ${SPEECH_MARGIN_DB} dB`,
  'readings judged speech',
];
const SPEECH_COLUMNS = [
  'speech over floor, dBFS',
  'median dB',
  '90th pct dB',
  'speech heard',
  'speech ends',
  'silent from',
  'late by',
  'stops at',
];
/** espeak-ng writes 16 bits: anything under one step is its silence. */
const SOUNDING = 2 ** -15;

interface Reading {
  atMs: number;
  overFloorDb: number;
  speaking: boolean;
  silentMs: number;
  speechMs: number;
}

const missing = missingToolsReason();
if (missing) {
  console.log(`silence-stop skipped: ${missing}`);
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), 'examiner-silence-stop-'));

/** Runs sox in repeatable mode (a fixed seed for its noise and dither), out to 48 kHz floats. */
function soxSamples(input: string[], effects: string[]): Float32Array {
  const out = join(dir, 'out.f32');
  const format = ['-r', `${RATE}`, '-c', '1', '-e', 'floating-point', '-b', '32', '-t', 'raw'];
  execFileSync('sox', ['-R', ...input, ...format, out, ...effects]);
  const bytes = readFileSync(out);
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
}

/** sox's `pink`, `white` or `brown` noise at `dbfs` RMS. */
function noise(colour: string, seconds: number, dbfs: number): Float32Array {
  return scaledTo(soxSamples(['-n'], ['synth', `${seconds}`, `${colour}noise`]), dbfs);
}

/** The sentence as espeak-ng speaks it, at its own level. */
function spokenSentence(): Float32Array {
  const wav = join(dir, 'speech.wav');
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '140', '-w', wav, '--', SENTENCE]);
  return soxSamples([wav], []);
}

/** Scaled to `dbfs` RMS over the whole sound, as sox's stats measure it in the e2e. */
function scaledTo(samples: Float32Array, dbfs: number): Float32Array {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  const gain = 10 ** (dbfs / 20) / Math.sqrt(sum / samples.length);
  return samples.map((sample) => sample * gain);
}

/** The meter read over `signal` by a fresh VoiceActivity, one reading per animation frame. */
function listen(signal: Float32Array): Reading[] {
  const voice = new VoiceActivity();
  const meter = new LevelMeter();
  const readings: Reading[] = [];
  for (let end = SAMPLES_PER_READING * 2; end <= signal.length; end += SAMPLES_PER_READING) {
    const atMs = (end / RATE) * 1000;
    const level = meter.read(signal.subarray(end - WINDOW, end));
    const overFloorDb = voice.overFloorDb(level);
    voice.hear(level, atMs);
    const speaking = voice.isSpeaking();
    readings.push({
      atMs,
      overFloorDb,
      speaking,
      silentMs: voice.silentMs(atMs),
      speechMs: voice.speechMs(),
    });
  }
  return readings;
}

/** The nearest-rank percentile (0..100) of `values`. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const dB = (value: number) => value.toFixed(1);
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const row = (cells: unknown[]) => `| ${cells.join(' | ')} |`;

function printTable(heads: string[], rows: string[]): void {
  console.log([row(heads), row(heads.map(() => '---')), ...rows].join('\n'));
}

function roomRow(colour: string): string {
  const readings = listen(noise(colour, ROOM_SECONDS, ROOM_DB));
  const over = readings.map((reading) => reading.overFloorDb);
  const overMargin = over.filter((value) => value > SPEECH_MARGIN_DB).length;
  const speech = readings.filter((reading) => reading.speaking).length;
  const figures = [Math.max(...over), percentile(over, 99), percentile(over, 50)].map(dB);
  return row([colour, ...figures, overMargin, speech]);
}

/** The sentence's sounding span, in ms from its first sample: espeak-ng pads it with silence. */
function soundingMs(spoken: Float32Array): { startMs: number; endMs: number } {
  const first = spoken.findIndex((sample) => Math.abs(sample) >= SOUNDING);
  const last = spoken.findLastIndex((sample) => Math.abs(sample) >= SOUNDING);
  return { startMs: (first / RATE) * 1000, endMs: ((last + 1) / RATE) * 1000 };
}

/** Pink noise at `floorDb`, with the sentence at `speechDb` from SPEECH_FROM_SECONDS. */
function speechInRoom(spoken: Float32Array, speechDb: number, floorDb: number): Float32Array {
  const roomSeconds = SPEECH_FROM_SECONDS + spoken.length / RATE + AFTER_SPEECH_SECONDS;
  const signal = noise('pink', roomSeconds, floorDb);
  const offset = SPEECH_FROM_SECONDS * RATE;
  scaledTo(spoken, speechDb).forEach((sample, i) => (signal[offset + i]! += sample));
  return signal;
}

/** The reading at which exam mode, at its default setting, stops the answer for silence. */
function silenceStop(readings: Reading[]): Reading | undefined {
  const silenceMs = EXAM_TIMING.silenceStopSeconds * 1000;
  return readings.find((reading) => reading.speechMs > 0 && reading.silentMs >= silenceMs);
}

/** From when the stop heard silence, how long after `speechEndMs` that was, and the stop. */
function endingColumns(stop: Reading | undefined, speechEndMs: number): string[] {
  if (!stop) return ['never', '–', 'never'];
  const silentFromMs = stop.atMs - stop.silentMs;
  return [seconds(silentFromMs), seconds(silentFromMs - speechEndMs), seconds(stop.atMs)];
}

function speechRow(spoken: Float32Array, speechDb: number, floorDb: number): string {
  const sounding = soundingMs(spoken);
  const startMs = SPEECH_FROM_SECONDS * 1000 + sounding.startMs;
  const endMs = SPEECH_FROM_SECONDS * 1000 + sounding.endMs;
  const readings = listen(speechInRoom(spoken, speechDb, floorDb));
  const whileSounding = readings
    .filter((reading) => reading.atMs >= startMs && reading.atMs <= endMs)
    .map((reading) => reading.overFloorDb);
  const figures = [percentile(whileSounding, 50), percentile(whileSounding, 90)].map(dB);
  const ending = endingColumns(silenceStop(readings), endMs);
  const heard = seconds(readings.at(-1)!.speechMs);
  return row([`${speechDb} over ${floorDb}`, ...figures, heard, seconds(endMs), ...ending]);
}

try {
  console.log(
    `Noise rooms at ${ROOM_DB} dBFS RMS, ${ROOM_SECONDS / 60} minutes each; ` +
      'dB of each reading over the floor it met:\n',
  );
  printTable(ROOM_COLUMNS, ['pink', 'white', 'brown'].map(roomRow));
  const spoken = spokenSentence();
  console.log(
    `\nThe e2e's sentence from ${SPEECH_FROM_SECONDS} s over pink noise; dB over the floor of ` +
      `the readings while it sounds; times in s; the stop after ${EXAM_TIMING.silenceStopSeconds} s ` +
      'of silence (the default):\n',
  );
  printTable(
    SPEECH_COLUMNS,
    SPEECH_ROOMS.map(({ speechDb, floorDb }) => speechRow(spoken, speechDb, floorDb)),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
