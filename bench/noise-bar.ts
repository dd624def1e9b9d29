/**
 * Where the noise caution's numbers come from (NOISY_BELOW_SNR_DB in src/engine/audio/quality.ts,
 * MARGIN_SECONDS and ROOM_UNDER_FLOOR_DB in src/engine/audio/noise.ts): the engine's
 * signal-to-noise estimate on speechocean762 readings by corpus-train speakers, as recorded and
 * cut as an exam answer is (the speech from 0.15 s, then 3 s of the reading's own room), with
 * babble of three other train speakers 10 and 20 dB under them (built as the users bench builds
 * its babble, from train speakers here so that no test speaker touches the choice), with white
 * noise at 20 and 10 dB, and espeak-ng reading their sentences with nothing before or after
 * (a synthetic voice, a file trimmed to the speech). Usage: npx tsx bench/noise-bar.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeAudio } from '../src/engine/audio/decode.js';
import {
  MARGIN_SECONDS,
  ROOM_UNDER_FLOOR_DB,
  roomUnderFloorDb,
  signalToNoise,
} from '../src/engine/audio/noise.js';
import { NOISY_BELOW_SNR_DB } from '../src/engine/audio/quality.js';
import { sileroSpeechFrames } from '../src/engine/audio/silero.js';
import { frameLevels, VAD_FRAME_SECONDS } from '../src/engine/audio/vad.js';
import { withWhiteNoise } from '../test/helpers/speech-fixtures.js';
import { readLabels, speakerOf, type Label, exitUnlessCorpus } from './so762-corpus.js';
import { isTestSpeaker } from './so762-split.js';
import { corpusSamples, rms } from './so762-user-cases.js';

const EVERY = 6;
const BARS = [15, 16, 17, 18, 19, 20];
const MARGINS = [0.5, 1, MARGIN_SECONDS];
const RATE = 16000;
/** An exam answer's shape: the candidate starts at once, and the recorder waits on silence. */
const EXAM_LEAD_SECONDS = 0.15;
const EXAM_TRAIL_SECONDS = 3;

exitUnlessCorpus('noise-bar');
const train = readLabels().filter((label) => !isTestSpeaker(speakerOf(label.id)));
const scratch = mkdtempSync(join(tmpdir(), 'noise-bar-'));

async function babbleOf(speaker: string, seed: number, length: number): Promise<Float32Array> {
  const mix = new Float32Array(length);
  const used = new Set<string>();
  for (let step = 0; used.size < 3; step += 1) {
    const other: Label = train[(seed * 7919 + step * 104729) % train.length]!;
    const who = speakerOf(other.id);
    if (who === speaker || used.has(who)) continue;
    used.add(who);
    const samples = await corpusSamples(other.id);
    const level = Math.max(1e-6, rms(samples));
    for (let i = 0; i < length; i += 1) mix[i]! += samples[i % samples.length]! / level;
  }
  return mix;
}

const speechOf = (samples: Float32Array): boolean[] =>
  sileroSpeechFrames(samples, frameLevels(samples));

/** The reading's speech from EXAM_LEAD_SECONDS on, then its own room (its quiet before the speech, looped). */
function asExamAnswer(samples: Float32Array): Float32Array {
  const speech = speechOf(samples);
  const frame = Math.round(VAD_FRAME_SECONDS * RATE);
  const first = speech.indexOf(true);
  const room = samples.subarray(0, Math.max(2, first - 2) * frame);
  const body = samples.subarray(first * frame, (speech.lastIndexOf(true) + 1) * frame);
  const lead = Math.round(EXAM_LEAD_SECONDS * RATE);
  const out = new Float32Array(lead + body.length + EXAM_TRAIL_SECONDS * RATE);
  for (let i = 0; i < out.length; i += 1) out[i] = room[i % room.length]!;
  out.set(body, lead);
  return out;
}

/** espeak-ng's reading, written at 16 kHz by sox (dithered to 16 bits) as the users bench does. */
async function espeakAlone(text: string, voice: string): Promise<Float32Array> {
  const raw = join(scratch, 'sentence.raw.wav');
  const out = join(scratch, 'sentence.wav');
  execFileSync('espeak-ng', ['-v', voice, '-s', '140', '-w', raw, '--', text.toLowerCase()]);
  execFileSync('sox', ['-R', raw, '-t', 'wav', '-r', String(RATE), '-c', '1', out]);
  return (await decodeAudio(new Uint8Array(readFileSync(out)))).samples;
}

const mixed = (reading: Float32Array, noise: Float32Array, belowDb: number): Float32Array => {
  const gain = (rms(reading) * 10 ** (-belowDb / 20)) / Math.max(1e-9, rms(noise));
  return reading.map((value, i) => value + gain * noise[i % noise.length]!);
};

interface Measured {
  snr: Map<number, number>;
  room: number | null;
}
const measured: Record<string, Measured[]> = {};
const add = (kind: string, samples: Float32Array): void => {
  const speech = speechOf(samples);
  const snr = new Map(MARGINS.map((m) => [m, signalToNoise(samples, speech, m) ?? Infinity]));
  (measured[kind] ??= []).push({ snr, room: roomUnderFloorDb(samples, speech) });
};

for (const [index, label] of train.filter((_, i) => i % EVERY === 0).entries()) {
  const reading = await corpusSamples(label.id);
  add('the readings', reading);
  add('the readings as exam answers', asExamAnswer(reading));
  if (index % 2 !== 0) continue;
  add('espeak-ng sentences alone', await espeakAlone(label.text, index % 4 ? 'en-us' : 'en-gb'));
  const babble = await babbleOf(speakerOf(label.id), index, reading.length);
  for (const below of [10, 20]) add(`babble ${below} dB under`, mixed(reading, babble, below));
  add('babble 10 dB under, as exam answers', mixed(asExamAnswer(reading), babble, 10));
  for (const db of [20, 10]) add(`white noise ${db} dB`, withWhiteNoise(reading, db, index));
}
rmSync(scratch, { recursive: true, force: true });

const share = (values: number[], bar: number): string =>
  `${((100 * values.filter((v) => v < bar).length) / values.length).toFixed(0)}%`;
const kinds = Object.entries(measured);

console.log(`Flagged noisy (SNR under the bar), shipped estimator:\n`);
console.log(
  `| Train-speaker recordings | n | ${BARS.map((bar) => `under ${bar} dB`).join(' | ')} |`,
);
console.log(`|---|---|${BARS.map(() => '---').join('|')}|`);
for (const [kind, rows] of kinds) {
  const shipped = rows.map((row) => row.snr.get(MARGIN_SECONDS)!);
  console.log(
    `| ${kind} | ${rows.length} | ${BARS.map((bar) => share(shipped, bar)).join(' | ')} |`,
  );
}
console.log(
  `\nFlagged noisy at ${NOISY_BELOW_SNR_DB} dB, by how far the stretch reaches past the speech:\n`,
);
console.log(`| Train-speaker recordings | ${MARGINS.map((m) => `${m} s`).join(' | ')} |`);
console.log(`|---|${MARGINS.map(() => '---').join('|')}|`);
for (const [kind, rows] of kinds) {
  const cells = MARGINS.map((m) =>
    share(
      rows.map((row) => row.snr.get(m)!),
      NOISY_BELOW_SNR_DB,
    ),
  );
  console.log(`| ${kind} | ${cells.join(' | ')} |`);
}
console.log(
  `\nHow far the room around the speech is under the stretch's floor (dB; the room is the noise from ${ROOM_UNDER_FLOOR_DB} dB):\n`,
);
console.log('| Train-speaker recordings | with room around the speech | least | median | most |');
console.log('|---|---|---|---|---|');
for (const [kind, rows] of kinds) {
  const gaps = rows.flatMap((row) => (row.room === null ? [] : [row.room])).sort((a, b) => a - b);
  const at = (q: number): string =>
    gaps.length ? gaps[Math.floor(q * (gaps.length - 1))]!.toFixed(0) : '–';
  console.log(`| ${kind} | ${gaps.length} of ${rows.length} | ${at(0)} | ${at(0.5)} | ${at(1)} |`);
}
