/**
 * Test cases built from speechocean762 for verification: each real utterance against its own
 * text, and the negative cases an examiner must never see marked as a real answer: a recording
 * against another sentence's text, the recording played backwards, speech in white noise, and
 * non-speech (hum, buzz, pink noise) framed by half a second of silence, and a piece of the
 * reading said over and over.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeAudio } from '../src/engine/audio/decode.js';
import { tokenize } from '../src/engine/text/words.js';
import { seededRandom } from '../scripts/seeded-random.js';
import {
  gaussian,
  inRoom,
  pinkNoiseSamples,
  withWhiteNoise,
  type Room,
} from '../test/helpers/speech-fixtures.js';
import { SO762_DIR, speakerOf, type Label } from './so762-corpus.js';

export const CASE_KINDS = [
  'real',
  'half',
  'wrong',
  'reversed',
  'snr20',
  'snr10',
  'snr5',
  'hum',
  'buzz',
  'pink',
  'repeat',
  'room',
  'wrongInRoom',
] as const;
export type CaseKind = (typeof CASE_KINDS)[number];

/**
 * The kinds that are the sentence said (whole, cut short, in noise or in an echoing room): the
 * rest must be refused.
 */
const RENDITIONS: ReadonlySet<CaseKind> = new Set([
  'real',
  'half',
  'snr20',
  'snr10',
  'snr5',
  'room',
]);

export function isRendition(kind: CaseKind): boolean {
  return RENDITIONS.has(kind);
}

export interface Case {
  id: string;
  kind: CaseKind;
  speaker: string;
  /** The utterance whose audio the case uses, and the text it is scored against. */
  labelId: string;
  text: string;
}

/** How many cases of each negative kind: every so-manyth utterance (all of them for `real`). */
const STRIDE: Record<CaseKind, number> = {
  real: 1,
  half: 5,
  wrong: 5,
  reversed: 10,
  snr20: 10,
  snr10: 10,
  snr5: 10,
  hum: 30,
  buzz: 30,
  pink: 30,
  repeat: 5,
  room: 10,
  wrongInRoom: 10,
};

function spokenSet(text: string): Set<string> {
  return new Set(tokenize(text).flatMap((word) => word.spoken));
}

/** Another utterance's text with as many words and no word in common, chosen deterministically. */
export function otherSentence(label: Label, labels: readonly Label[], seed: number): string | null {
  const own = spokenSet(label.text);
  const size = tokenize(label.text).length;
  const options = labels.filter(
    (other) =>
      tokenize(other.text).length === size &&
      ![...spokenSet(other.text)].some((word) => own.has(word)),
  );
  const texts = [...new Set(options.map((other) => other.text))];
  return texts.length > 0 ? texts[seed % texts.length]! : null;
}

export function buildCases(labels: readonly Label[], kinds: readonly CaseKind[]): Case[] {
  return kinds.flatMap((kind) =>
    labels.flatMap((label, index): Case[] => {
      if (index % STRIDE[kind] !== 0) return [];
      const item = caseOf(kind, label, labels, index);
      return item ? [item] : [];
    }),
  );
}

/** The case of `kind` built from `label` (the `index`-th of `labels`), or null where it has none. */
export function caseOf(
  kind: CaseKind,
  label: Label,
  labels: readonly Label[],
  index: number,
): Case | null {
  if (kind === 'half' && tokenize(label.text).length < 4) return null;
  const text =
    kind === 'wrong' || kind === 'wrongInRoom' ? otherSentence(label, labels, index) : label.text;
  if (text === null) return null;
  return { id: `${kind}:${label.id}`, kind, speaker: speakerOf(label.id), labelId: label.id, text };
}

const RATE = 16000;
/** 10 ms at RATE. */
const FRAME = 160;

function framedBySilence(body: Float32Array): Float32Array {
  const silence = RATE / 2;
  const out = new Float32Array(body.length + 2 * silence);
  out.set(body, silence);
  return out;
}

/** Mains hum: 100 Hz with its harmonics, as a transformer or a bad cable makes it. */
export function hum(seconds: number, mainsHz = 50): Float32Array {
  const body = new Float32Array(seconds * RATE);
  for (let i = 0; i < body.length; i += 1) {
    const t = i / RATE;
    body[i] =
      0.2 * Math.sin(2 * Math.PI * 2 * mainsHz * t) +
      0.1 * Math.sin(2 * Math.PI * 4 * mainsHz * t) +
      0.05 * Math.sin(2 * Math.PI * 6 * mainsHz * t);
  }
  return framedBySilence(body);
}

export function sawtoothBuzz(seconds: number, hz = 110): Float32Array {
  const body = new Float32Array(seconds * RATE);
  for (let i = 0; i < body.length; i += 1) body[i] = 0.3 * (((i * hz) / RATE) % 1) * 2 - 0.3;
  return framedBySilence(body);
}

/** Pink noise by Paul Kellett's filter over white noise. */
export function pinkNoise(seconds: number, seed: number): Float32Array {
  return framedBySilence(pinkNoiseSamples(seconds * RATE, seededRandom(seed), 0.05));
}

/**
 * A learner who stops half-way: the recording cut where the speech of the first half of the
 * words ends (by its energy profile, so no recogniser decides where the cut falls).
 */
function firstHalf(samples: Float32Array, words: number): Float32Array {
  const { voiced, frames } = voicedFrames(samples);
  const first = voiced[0] ?? 0;
  const last = voiced.at(-1) ?? frames;
  const cut = first + Math.round(((last - first) * Math.floor(words / 2)) / words);
  // The recording goes on for a second after the learner stops, with the room's faint noise.
  const next = seededRandom(words);
  const tail = Float32Array.from({ length: 16000 }, () => 0.001 * gaussian(next));
  const out = new Float32Array(cut * FRAME + tail.length);
  out.set(samples.subarray(0, cut * FRAME));
  out.set(tail, cut * FRAME);
  return out;
}

const REPEATS = 6;
const PIECE_SECONDS = 0.5;

/**
 * A learner who says one word over and over (with a keyword of a lecture, say): half a second
 * of the reading's speech, from where its energy dips between words in the middle of it, said
 * six times, each time a little faster or slower (±8%), louder or softer (±3 dB), after a
 * pause of 0.1–0.35 s, as no one says a word twice alike. The piece is cut by level, so no
 * recogniser decides what it holds.
 */
function repeatedPiece(samples: Float32Array, seed: number): Float32Array {
  const { voiced, power } = voicedFrames(samples);
  const first = voiced[0] ?? 0;
  const last = voiced.at(-1) ?? first;
  const start = quietestFrame(power, first + (last - first) / 3, first + (last - first) / 2);
  const piece = faded(samples.slice(start * FRAME, start * FRAME + PIECE_SECONDS * RATE));
  const next = seededRandom(seed);
  const noise = (seconds: number): Float32Array =>
    Float32Array.from({ length: Math.round(seconds * RATE) }, () => 0.001 * gaussian(next));
  const parts = [noise(0.3)];
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    const gain = 10 ** ((6 * next() - 3) / 20);
    parts.push(
      resampled(piece, 0.92 + 0.16 * next()).map((sample) => sample * gain),
      noise(0.1 + 0.25 * next()),
    );
  }
  parts.push(noise(0.55));
  return joined(parts);
}

/** The sound played `speed` times as fast (linear interpolation): its pitch moves with it. */
function resampled(sound: Float32Array, speed: number): Float32Array {
  const out = new Float32Array(Math.floor((sound.length - 1) / speed));
  for (let i = 0; i < out.length; i += 1) {
    const at = i * speed;
    const below = Math.floor(at);
    out[i] = sound[below]! + (at - below) * ((sound[below + 1] ?? 0) - sound[below]!);
  }
  return out;
}

/** 10 ms fades at both ends, so the cut makes no click. */
/** `piece`, in place, faded in at its start and out at its end (either alone) over `ramp` samples. */
export function faded(
  piece: Float32Array,
  ends: { start: boolean; end: boolean } = { start: true, end: true },
  ramp = RATE / 100,
): Float32Array {
  const length = Math.min(ramp, Math.floor(piece.length / 2));
  for (let i = 0; i < length; i += 1) {
    if (ends.start) piece[i]! *= i / length;
    if (ends.end) piece[piece.length - 1 - i]! *= i / length;
  }
  return piece;
}

/** The parts one after another. */
export function joined(parts: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The frame of least power in [from, to): where one word gives way to the next. */
function quietestFrame(power: readonly number[], from: number, to: number): number {
  let best = Math.floor(from);
  for (let index = best; index < to && index < power.length; index += 1)
    if (power[index]! < power[best]!) best = index;
  return best;
}

function seedOf(id: string): number {
  let hash = 2166136261;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/**
 * The room a case was recorded in: an echo of 0.3–0.9 s (a furnished office to a bare
 * classroom) at 0–8 dB under the voice (a microphone 0.3–1 m from the mouth).
 */
export function roomOf(seed: number): Room {
  const next = seededRandom(seed);
  return { reverberationSeconds: 0.3 + 0.6 * next(), directToReverberantDb: 8 * next() };
}

/** The case's audio, 16 kHz mono. */
export async function caseAudio(item: Case): Promise<Float32Array> {
  const seed = seedOf(item.id);
  if (item.kind === 'hum') return hum(3, seed % 2 === 0 ? 50 : 60);
  if (item.kind === 'buzz') return sawtoothBuzz(3, 90 + (seed % 60));
  if (item.kind === 'pink') return pinkNoise(3, seed);
  const bytes = readFileSync(join(SO762_DIR, 'audio', `${item.labelId}.wav`));
  const { samples } = await decodeAudio(new Uint8Array(bytes));
  if (item.kind === 'reversed') return samples.slice().reverse();
  if (item.kind === 'half') return firstHalf(samples, tokenize(item.text).length);
  if (item.kind === 'repeat') return repeatedPiece(samples, seed);
  if (item.kind === 'snr20') return withWhiteNoise(samples, 20, seed);
  if (item.kind === 'snr10') return withWhiteNoise(samples, 10, seed);
  if (item.kind === 'snr5') return withWhiteNoise(samples, 5, seed);
  if (item.kind === 'room' || item.kind === 'wrongInRoom')
    return inRoom(samples, roomOf(seed), seed);
  return samples;
}

/**
 * The 10 ms frames louder than a thousandth of the loudest: where the speech is, by level; and
 * every frame's mean power.
 */
export function voicedFrames(samples: Float32Array): {
  voiced: number[];
  frames: number;
  power: number[];
} {
  const power: number[] = [];
  for (let start = 0; start + FRAME <= samples.length; start += FRAME) {
    let sum = 0;
    for (let i = start; i < start + FRAME; i += 1) sum += samples[i]! ** 2;
    power.push(sum / FRAME);
  }
  const threshold = Math.max(...power) * 1e-3;
  return {
    voiced: power.flatMap((value, index) => (value > threshold ? [index] : [])),
    frames: power.length,
    power,
  };
}
