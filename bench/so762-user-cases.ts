/**
 * The cases an examiner meets (issue 19), built from the 60 test speakers of ../shared/so762
 * with sox, espeak-ng, festival, lame and ffmpeg: words replaced in `refText`, a reading cut
 * short, a restart after a pause or at once, a word left out or said twice, a pause or an "uh"
 * mid-sentence, the quiet of an exam-mode answer, a microphone turned down, music, a reading
 * slowed to a third, babble, codecs, synthetic and accented voices. Every choice is seeded, so
 * the same cases come out on every run.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { decodeAudio } from '../src/engine/audio/decode.js';
import type { HeardWord } from '../src/engine/evidence/speech-analysis.js';
import { FRAME_MS } from '../src/engine/recognizer/acoustic-model.js';
import { seededRandom, shuffled } from '../scripts/seeded-random.js';
import { encodeWav } from '../test/helpers/speech-fixtures.js';
import type { CaseAnalysis } from './so762-analyses.js';
import { faded, joined, voicedFrames } from './so762-cases.js';
import { SO762_DIR, speakerOf, type Label } from './so762-corpus.js';
import { isTestSpeaker, USERS_CACHE_DIR } from './so762-split.js';

const run = promisify(execFile);
const RATE = 16000;
const AUDIO_DIR = join(USERS_CACHE_DIR, 'audio');

export const FAMILIES = [
  'clean',
  'replace1',
  'replace2',
  'cut',
  'tail',
  'restart',
  'quickRestart',
  'readTwice',
  'talkAfter',
  'skip',
  'repeat',
  'pause',
  'filledPause',
  'quiet',
  'turnedDown',
  'dcOffset',
  'music',
  'slow3',
  'babble',
  'codec',
  'synthetic',
  'accented',
] as const;
export type Family = (typeof FAMILIES)[number];
/** The families made by editing one word of a reading (editedWord). */
type EditFamily = Extract<Family, 'skip' | 'repeat' | 'pause' | 'filledPause'>;

export const CODECS = ['wav', 'mp3-64k', 'opus-32k-webm', 'telephone-8k'] as const;
export type Codec = (typeof CODECS)[number];

export interface UserCase {
  id: string;
  family: Family;
  /** The corpus utterance whose audio or text the case uses. */
  labelId: string;
  refText: string;
  /** Audio file name under the audio folder (built by `buildAudio`). */
  file: string;
  /** replace1/2: the slots of refText that hold a word the learner did not say. */
  replacedSlots?: number[];
  /** cut: the slots whose forced-alignment start on the full reading is clearly after the cut;
   * tail: those whose end is clearly before it. */
  unsaidSlots?: number[];
  /** tail: the slots whose forced-alignment start on the full reading is after the cut; cut: those
   * whose end is before it. */
  saidSlots?: number[];
  /** skip, repeat, pause, filledPause: the slot of the word left out, said twice or paused after. */
  editedSlot?: number;
  /** skip, repeat, pause, filledPause: that word's span in the full reading (its alignment), in ms. */
  editedMs?: WordTime;
  /** filledPause: the reader's own vowel (its aligned span) that is drawn out into the "uh". */
  vowelMs?: WordTime;
  /** restart, quickRestart, readTwice: where the full reading starts in the case's audio, in ms. */
  restartMs?: number;
  /** quickRestart: where the reading said again is taken from in the corpus audio, in ms. */
  readingFromMs?: number;
  /** talkAfter: the learner's reading of another sentence, said after this one. */
  afterLabelId?: string;
  /** cut, tail: where the audio was cut, in ms. */
  cutMs?: number;
  /** codec: the encoding; `voice` for synthetic and accented readings; `kind` for music. */
  variant?: string;
}

/** How many cases each family gets (a family draws its utterances by seeded shuffle). */
export const FAMILY_SIZE: Record<Family, number> = {
  clean: 0,
  replace1: 40,
  replace2: 30,
  cut: 30,
  tail: 30,
  restart: 30,
  quickRestart: 0,
  readTwice: 0,
  talkAfter: 0,
  skip: 30,
  repeat: 0,
  pause: 0,
  filledPause: 0,
  quiet: 0,
  turnedDown: 0,
  dcOffset: 0,
  music: 16,
  slow3: 12,
  babble: 24,
  codec: 25,
  synthetic: 8,
  accented: 10,
};

/** A word is counted as unsaid after a cut only if its aligned start is this far past the cut. */
export const CUT_MARGIN_MS = 250;
const RESTART_PAUSE_SECONDS = 0.7;
/** The pause between a word, or a restart's first words, and their saying again at once. */
export const REPEAT_PAUSE_SECONDS = 0.15;
/** A learner's pause in the middle of the sentence, searching for the next word. */
export const HESITATION_SECONDS = 1;
/** A filled pause: a breath of quiet, the reader's own vowel drawn out ("uh"), a breath of quiet. */
export const FILLED_PAUSE = { gapSeconds: 0.15, vowelSeconds: 0.45 } as const;
/** The vowels an "uh" is drawn out of (a central or open vowel of the reader's own). */
const FILLER_VOWELS = new Set(['AH', 'ER', 'AA', 'UH', 'EH', 'AO']);
/** The shortest vowel drawn out into an "uh": long enough for a steady middle. */
const MIN_FILLER_VOWEL_MS = 80;
/** Each side of a splice fades over this long, so no click marks it. */
const SPLICE_FADE_SECONDS = 0.005;
const BABBLE_BELOW_DB = 10;
/** A microphone turned down: the corpus's median reading then peaks at about −56 dBFS. */
export const TURNED_DOWN_DB = 40;
/** A sound card's DC offset: a constant added to every sample, as a share of full scale. */
export const DC_OFFSET = 0.05;
const SLOWED_TEMPO = 1 / 3;
const ESPEAK_VOICES = ['en-us', 'en-us+f3', 'en-us+m3', 'en-us+f5'];
const ACCENTED_VOICES = ['cmn', 'hi', 'es', 'it'];
export const MUSIC_KINDS = ['piano-chords', 'tone-sequence', 'whistle-sweep', 'piano-melody'];

export function seedOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/** Festival with its voice: Debian's `festival` installs no voice (`festvox-kallpc16k` has it). */
export function festivalAvailable(): boolean {
  return (
    existsSync('/usr/bin/text2wave') && existsSync('/usr/share/festival/voices/english/kal_diphone')
  );
}

/** Words of other sentences, three letters or more: candidates for a word the learner never said. */
export function replacementPool(labels: readonly Label[]): string[] {
  return [...new Set(labels.flatMap((label) => label.text.split(' ')))]
    .filter((word) => /^[A-Z]{3,}$/u.test(word))
    .sort();
}

/** The text with `count` of its words (three letters or more) replaced by words it lacks. */
export function replaced(
  label: Label,
  pool: readonly string[],
  count: number,
): { text: string; slots: number[] } | null {
  const words = label.text.split(' ');
  const seed = seedOf(`${label.id}:${count}`);
  const candidates = words.flatMap((word, slot) => (/^[A-Z]{3,}$/u.test(word) ? [slot] : []));
  if (candidates.length < count || words.length < 3) return null;
  const slots = shuffled(candidates, seededRandom(seed))
    .slice(0, count)
    .sort((a, b) => a - b);
  const own = new Set(words);
  const options = shuffled(
    pool.filter((word) => !own.has(word)),
    seededRandom(seed + 1),
  );
  const out = [...words];
  slots.forEach((slot, index) => (out[slot] = options[index]!));
  return { text: out.join(' '), slots };
}

export interface WordTime {
  start: number;
  end: number;
}

/** The words' times (ms) by reference slot. */
export function timesBySlot(
  words: readonly Pick<HeardWord, 'slot' | 'startFrame' | 'endFrame'>[],
): Map<number, WordTime> {
  return new Map(
    words.map((word) => [
      word.slot,
      { start: word.startFrame * FRAME_MS, end: (word.endFrame + 1) * FRAME_MS },
    ]),
  );
}

/** Heard word times (ms) of a full reading, by reference slot; absent where none was heard. */
export function wordTimes(analysis: CaseAnalysis): Map<number, WordTime> {
  return timesBySlot(analysis.analysis.heard);
}

/** A word of the full reading that starts clearly after the cut: unsaid in its first half. */
export function clearlyAfterCut(time: WordTime, cutMs: number): boolean {
  return time.start >= cutMs + CUT_MARGIN_MS;
}

/** A word of the full reading that ends clearly before the cut: unsaid in its second half. */
export function clearlyBeforeCut(time: WordTime, cutMs: number): boolean {
  return time.end <= cutMs - CUT_MARGIN_MS;
}

/** The middle of the speech, by level (no recogniser decides where the cut falls), in ms. */
export function speechMiddleMs(samples: Float32Array): number {
  const { voiced } = voicedFrames(samples);
  return (((voiced[0] ?? 0) + (voiced.at(-1) ?? 0)) / 2) * 10;
}

function corpusWav(labelId: string): Uint8Array {
  return new Uint8Array(readFileSync(join(SO762_DIR, 'audio', `${labelId}.wav`)));
}

export async function corpusSamples(labelId: string): Promise<Float32Array> {
  return (await decodeAudio(corpusWav(labelId))).samples;
}

/** A corpus reading sent through a codec and decoded as the engine decodes it. */
export async function encodedCorpusSamples(
  labelId: string,
  codec: Codec,
  directory: string,
): Promise<Float32Array> {
  mkdirSync(directory, { recursive: true });
  const out = join(directory, `${labelId}.${codec}.${process.pid}`);
  try {
    await encode(codec, join(SO762_DIR, 'audio', `${labelId}.wav`), out);
    return (await decodeAudio(new Uint8Array(readFileSync(out)))).samples;
  } finally {
    rmSync(out, { force: true });
  }
}

/** Builds every case of the test speakers; full readings' alignments give the cut's word times. */
export async function buildUserCases(
  labels: readonly Label[],
  fullReadings: ReadonlyMap<string, CaseAnalysis>,
): Promise<UserCase[]> {
  const test = labels.filter((label) => isTestSpeaker(speakerOf(label.id)));
  const pool = replacementPool(labels);
  const pick = (family: Family, usable: (label: Label) => boolean = () => true): Label[] =>
    shuffled(test, seededRandom(seedOf(family)))
      .filter(usable)
      .slice(0, FAMILY_SIZE[family]);
  const cases: UserCase[] = [];
  const add = (item: Omit<UserCase, 'file'>, extension = 'wav'): void => {
    // The name holds a hash of the case, so a case built otherwise (a cut moved with the
    // alignment it follows) gets new audio and a new score, never a stale one.
    const name = `${item.id.replace(/[^a-z0-9-]/giu, '_')}-${seedOf(JSON.stringify(item)).toString(16)}`;
    cases.push({ ...item, file: `${name}.${extension}` });
  };
  const longEnough = (label: Label): boolean => label.text.split(' ').length >= 4;

  // The clean readings are those the restarts are built from: a restart is judged against them.
  const restartLabels = pick('restart', longEnough);
  for (const label of restartLabels)
    add({ id: `clean:${label.id}`, family: 'clean', labelId: label.id, refText: label.text });
  for (const count of [1, 2]) {
    const family = count === 1 ? 'replace1' : 'replace2';
    for (const label of pick(family, (l) => replaced(l, pool, count) !== null)) {
      const { text, slots } = replaced(label, pool, count)!;
      add({
        id: `${family}:${label.id}`,
        family,
        labelId: label.id,
        refText: text,
        replacedSlots: slots,
      });
    }
  }
  for (const label of pick('cut', longEnough)) {
    const full = fullReadings.get(`real:${label.id}`);
    if (!full) continue;
    const cutMs = speechMiddleMs(await corpusSamples(label.id));
    const times = [...wordTimes(full)];
    add({
      id: `cut:${label.id}`,
      family: 'cut',
      labelId: label.id,
      refText: label.text,
      unsaidSlots: times.filter(([, time]) => clearlyAfterCut(time, cutMs)).map(([slot]) => slot),
      saidSlots: times.filter(([, time]) => time.end <= cutMs - 100).map(([slot]) => slot),
      cutMs: Math.round(cutMs),
    });
  }
  // A learner who kept only the end of the sentence: the reading from the middle of its speech.
  for (const label of pick('tail', longEnough)) {
    const full = fullReadings.get(`real:${label.id}`);
    if (!full) continue;
    const cutMs = speechMiddleMs(await corpusSamples(label.id));
    const times = [...wordTimes(full)];
    add({
      id: `tail:${label.id}`,
      family: 'tail',
      labelId: label.id,
      refText: label.text,
      unsaidSlots: times.filter(([, time]) => clearlyBeforeCut(time, cutMs)).map(([slot]) => slot),
      saidSlots: times.filter(([, time]) => time.start >= cutMs + 100).map(([slot]) => slot),
      cutMs: Math.round(cutMs),
    });
  }
  for (const label of restartLabels) {
    const full = fullReadings.get(`real:${label.id}`);
    if (!full) continue;
    const times = wordTimes(full);
    const second = times.get(1);
    if (!second) continue;
    add({
      id: `restart:${label.id}`,
      family: 'restart',
      labelId: label.id,
      refText: label.text,
      restartMs: restartMs(second),
    });
    // Read whole and then read again, as a reader unhappy with the first reading does.
    const last = times.get(Math.max(...times.keys()));
    if (last)
      add({
        id: `readTwice:${label.id}`,
        family: 'readTwice',
        labelId: label.id,
        refText: label.text,
        restartMs: restartMs(last),
      });
    // More said after the sentence, as a candidate adding a remark, or a neighbour, does.
    const afterward = anotherReadingBy(label, test);
    if (afterward)
      add({
        id: `talkAfter:${label.id}`,
        family: 'talkAfter',
        labelId: label.id,
        refText: label.text,
        afterLabelId: afterward.id,
      });
    // Started again at once, as a reader who catches a slip does: no pause, no quiet before the
    // first word said again.
    const first = times.get(0);
    if (!first) continue;
    add({
      id: `quickRestart:${label.id}`,
      family: 'quickRestart',
      labelId: label.id,
      refText: label.text,
      restartMs: second.end + 50 + REPEAT_PAUSE_SECONDS * 1000,
      readingFromMs: Math.max(0, first.start - 50),
    });
  }
  // A word left out; a word said twice or a pause after it, in the readings the restarts are
  // built from (their clean scores are the reference).
  const edit = (label: Label, family: EditFamily) =>
    editedWord(label, fullReadings.get(`real:${label.id}`), family);
  const edited = (family: EditFamily, labels: readonly Label[]): void => {
    for (const label of labels) {
      const word = edit(label, family);
      if (!word) continue;
      const vowelMs =
        family === 'filledPause' ? fillerVowel(fullReadings.get(`real:${label.id}`)!) : undefined;
      if (family === 'filledPause' && !vowelMs) continue;
      add({
        id: `${family}:${label.id}`,
        family,
        labelId: label.id,
        refText: label.text,
        editedSlot: word.slot,
        editedMs: word.time,
        ...(vowelMs && { vowelMs }),
      });
    }
  };
  edited(
    'skip',
    pick('skip', (label) => longEnough(label) && edit(label, 'skip') !== null),
  );
  edited('repeat', restartLabels);
  edited('pause', restartLabels);
  edited('filledPause', restartLabels);
  for (const label of restartLabels) {
    add({ id: `quiet:${label.id}`, family: 'quiet', labelId: label.id, refText: label.text });
    add({
      id: `turnedDown:${label.id}`,
      family: 'turnedDown',
      labelId: label.id,
      refText: label.text,
    });
    add({ id: `dcOffset:${label.id}`, family: 'dcOffset', labelId: label.id, refText: label.text });
  }
  pick('music').forEach((label, index) =>
    add({
      id: `music:${MUSIC_KINDS[index % MUSIC_KINDS.length]}:${label.id}`,
      family: 'music',
      labelId: label.id,
      refText: label.text,
      variant: MUSIC_KINDS[index % MUSIC_KINDS.length],
    }),
  );
  for (const label of pick('slow3'))
    add({ id: `slow3:${label.id}`, family: 'slow3', labelId: label.id, refText: label.text });
  for (const label of pick('babble'))
    add({ id: `babble:${label.id}`, family: 'babble', labelId: label.id, refText: label.text });
  for (const label of pick('codec')) {
    for (const codec of CODECS) {
      const extension = codec === 'mp3-64k' ? 'mp3' : codec === 'opus-32k-webm' ? 'webm' : 'wav';
      add(
        {
          id: `codec:${codec}:${label.id}`,
          family: 'codec',
          labelId: label.id,
          refText: label.text,
          variant: codec,
        },
        extension,
      );
    }
  }
  const voices = [...ESPEAK_VOICES, ...(festivalAvailable() ? ['festival'] : [])];
  for (const voice of voices)
    for (const label of pick('synthetic'))
      add({
        id: `synthetic:${voice}:${label.id}`,
        family: 'synthetic',
        labelId: label.id,
        refText: label.text,
        variant: voice,
      });
  for (const voice of ACCENTED_VOICES)
    for (const label of pick('accented'))
      add({
        id: `accented:${voice}:${label.id}`,
        family: 'accented',
        labelId: label.id,
        refText: label.text,
        variant: voice,
      });
  return cases;
}

/** Writes the case's audio under the cache's audio folder once; returns its path. */
export async function buildAudio(item: UserCase, labels: readonly Label[]): Promise<string> {
  mkdirSync(AUDIO_DIR, { recursive: true });
  const target = join(AUDIO_DIR, item.file);
  if (existsSync(target)) return target;
  const partial = `${target}.${process.pid}.partial`;
  await produce(item, partial, labels);
  renameSync(partial, target);
  return target;
}

/** sox in repeatable mode (-R): its dither and noise from a fixed seed, the same file on every machine. */
export async function sox(args: string[]): Promise<void> {
  await run('sox', ['-V1', '-R', ...args]);
}

async function writeSamples(path: string, samples: Float32Array): Promise<void> {
  writeFileSync(path, encodeWav(samples));
}

function source(item: UserCase): string {
  return join(SO762_DIR, 'audio', `${item.labelId}.wav`);
}

async function produce(item: UserCase, out: string, labels: readonly Label[]): Promise<void> {
  const text = item.refText.toLowerCase();
  switch (item.family) {
    case 'clean':
    case 'replace1':
    case 'replace2':
      return writeSamples(out, await corpusSamples(item.labelId));
    case 'cut':
      return writeSamples(out, withRoomTail(await corpusSamples(item.labelId), item.cutMs!));
    case 'tail':
      return writeSamples(out, withRoomHead(await corpusSamples(item.labelId), item.cutMs!));
    case 'restart':
    case 'readTwice':
      return writeSamples(out, await restart(item));
    case 'quickRestart':
      return writeSamples(out, await quickRestart(item));
    case 'talkAfter':
      return writeSamples(out, await talkAfter(item));
    case 'skip':
      return writeSamples(out, withoutSpan(await corpusSamples(item.labelId), item.editedMs!));
    case 'repeat':
      return writeSamples(out, withSpanTwice(await corpusSamples(item.labelId), item.editedMs!));
    case 'pause':
      return writeSamples(out, withPauseAfter(await corpusSamples(item.labelId), item.editedMs!));
    case 'filledPause':
      return writeSamples(out, await withFilledPauseAfter(item, out));
    case 'quiet':
      return writeSamples(out, withExamQuiet(await corpusSamples(item.labelId)));
    case 'turnedDown':
      return writeSamples(out, turnedDown(await corpusSamples(item.labelId)));
    case 'dcOffset':
      return writeSamples(out, withDcOffset(await corpusSamples(item.labelId)));
    case 'music':
      return music(item.variant!, seedOf(item.id), out);
    case 'slow3':
      return sox([source(item), '-t', 'wav', out, 'tempo', '-s', String(SLOWED_TEMPO)]);
    case 'babble':
      return writeSamples(out, await babble(item, labels));
    case 'codec':
      return encode(item.variant as Codec, source(item), out);
    case 'synthetic':
    case 'accented':
      if (item.variant === 'festival') {
        await festivalSay(text, `${out}.raw.wav`);
        return sox([`${out}.raw.wav`, '-t', 'wav', '-r', String(RATE), '-c', '1', out]);
      }
      await run('espeak-ng', ['-v', item.variant!, '-w', `${out}.raw.wav`, '--', text]);
      return sox([`${out}.raw.wav`, '-t', 'wav', '-r', String(RATE), '-c', '1', out]);
  }
}

/** Festival's default voice (kal_diphone) reading `text` into the WAV file `out`. */
export async function festivalSay(text: string, out: string): Promise<void> {
  const file = `${out}.txt`;
  writeFileSync(file, text);
  await run('text2wave', ['-o', out, file]);
}

/** `samples` with [from, to) filled with faint room noise (about −65 dBFS), seeded by `seed`. */
function withRoomNoise(
  samples: Float32Array,
  from: number,
  to: number,
  seed: number,
): Float32Array {
  const next = seededRandom(seed);
  for (let i = from; i < to; i += 1) samples[i] = 0.001 * (next() * 2 - 1);
  return samples;
}

/** The reading up to `cutMs`, then a second of faint room noise (the learner stopped). */
export function withRoomTail(samples: Float32Array, cutMs: number): Float32Array {
  const cut = Math.round((cutMs / 1000) * RATE);
  const out = new Float32Array(cut + RATE);
  out.set(samples.subarray(0, cut));
  return withRoomNoise(out, cut, out.length, cut);
}

/** A second of faint room noise (the learner had not started), then the reading from `cutMs`. */
export function withRoomHead(samples: Float32Array, cutMs: number): Float32Array {
  const cut = Math.round((cutMs / 1000) * RATE);
  const out = new Float32Array(RATE + samples.length - cut);
  out.set(samples.subarray(cut), RATE);
  return withRoomNoise(out, 0, RATE, cut);
}

/**
 * The word of a reading to leave out, say twice or pause after, chosen by seed: one of three
 * letters or more that the sentence holds once, neither its first word nor its last, heard in
 * the full reading with both neighbours (its aligned span is what is edited). None where the
 * full reading holds a false start, which may say the word again.
 */
export function editedWord(
  label: Label,
  full: CaseAnalysis | undefined,
  family: EditFamily,
): { slot: number; time: WordTime } | null {
  if (!full || full.analysis.falseStart.length > 0) return null;
  const times = wordTimes(full);
  const words = label.text.split(' ');
  const once = (word: string): boolean => words.filter((other) => other === word).length === 1;
  const slots = words.flatMap((word, slot) =>
    slot > 0 &&
    slot < words.length - 1 &&
    /^[A-Z]{3,}$/u.test(word) &&
    once(word) &&
    [slot - 1, slot, slot + 1].every((near) => times.has(near))
      ? [slot]
      : [],
  );
  const [slot] = shuffled(slots, seededRandom(seedOf(`${label.id}:${family}`)));
  return slot === undefined ? null : { slot, time: times.get(slot)! };
}

function sampleAt(ms: number): number {
  return Math.round((ms / 1000) * RATE);
}

/** A copy of `samples` from `from` to `to` (samples), faded at the ends that are a splice's. */
function spliced(samples: Float32Array, from: number, to: number): Float32Array {
  const ramp = Math.round(SPLICE_FADE_SECONDS * RATE);
  return faded(samples.slice(from, to), { start: from > 0, end: to < samples.length }, ramp);
}

/**
 * The quiet an exam-mode answer holds beyond a corpus recording's (a median 0.53 s either side):
 * it is recorded from the beep, and stops after 2 to 3 s of silence.
 */
export const EXAM_QUIET_SECONDS = { before: 1, after: 2 } as const;

/** The whole reading with EXAM_QUIET_SECONDS more of room noise before and after it. */
export function withExamQuiet(samples: Float32Array): Float32Array {
  return joined([
    roomNoise(EXAM_QUIET_SECONDS.before, 0),
    samples,
    roomNoise(EXAM_QUIET_SECONDS.after, samples.length),
  ]);
}

/** The reading as a microphone turned TURNED_DOWN_DB down records it. */
function turnedDown(samples: Float32Array): Float32Array {
  const gain = 10 ** (-TURNED_DOWN_DB / 20);
  return samples.map((sample) => sample * gain);
}

/** The reading as a sound card with a DC offset records it. */
function withDcOffset(samples: Float32Array): Float32Array {
  return samples.map((sample) => sample + DC_OFFSET);
}

/** `seconds` of a quiet room's noise, drawn from `seed`. */
function roomNoise(seconds: number, seed: number): Float32Array {
  const length = Math.round(seconds * RATE);
  return withRoomNoise(new Float32Array(length), 0, length, seed);
}

/** The reading with the span cut out: the learner left the word out. */
export function withoutSpan(samples: Float32Array, span: WordTime): Float32Array {
  return joined([
    spliced(samples, 0, sampleAt(span.start)),
    spliced(samples, sampleAt(span.end), samples.length),
  ]);
}

/** The reading with `seconds` of room noise spliced in at `atMs`, the rest from `resumeMs`. */
function withRoomPause(
  samples: Float32Array,
  atMs: number,
  seconds: number,
  resumeMs: number,
): Float32Array {
  return joined([
    spliced(samples, 0, sampleAt(atMs)),
    roomNoise(seconds, sampleAt(atMs)),
    spliced(samples, sampleAt(resumeMs), samples.length),
  ]);
}

/** The reading with the span said again after a short pause: the learner repeated the word. */
export function withSpanTwice(samples: Float32Array, span: WordTime): Float32Array {
  return withRoomPause(samples, span.end, REPEAT_PAUSE_SECONDS, span.start);
}

/** The reading with a second's pause after the span: the learner searched for the next word. */
export function withPauseAfter(samples: Float32Array, span: WordTime): Float32Array {
  return withRoomPause(samples, span.end, HESITATION_SECONDS, span.end);
}

/**
 * The reader's longest central or open vowel in the full reading: what their "uh" sounds like.
 * None where no such vowel lasts MIN_FILLER_VOWEL_MS.
 */
function fillerVowel(full: CaseAnalysis): WordTime | undefined {
  const vowels = full.analysis.heard
    .flatMap((word) => word.phones)
    .filter((phone) => FILLER_VOWELS.has(phone.phone))
    .map((phone) => ({ start: phone.startFrame * FRAME_MS, end: (phone.endFrame + 1) * FRAME_MS }))
    .filter((span) => span.end - span.start >= MIN_FILLER_VOWEL_MS)
    .sort((a, b) => b.end - b.start - (a.end - a.start));
  return vowels[0];
}

/**
 * The reading with an "uh" after the edited word: a breath of room noise, the middle of the
 * reader's own vowel drawn out to FILLED_PAUSE.vowelSeconds (sox tempo, 30 ms segments), faded
 * in and out and a little softer, a breath of room noise, then the rest of the reading.
 */
async function withFilledPauseAfter(item: UserCase, out: string): Promise<Float32Array> {
  const samples = await corpusSamples(item.labelId);
  const vowel = item.vowelMs!;
  const trim = (vowel.end - vowel.start) / 5;
  const middle = samples.slice(sampleAt(vowel.start + trim), sampleAt(vowel.end - trim));
  const raw = `${out}.vowel.wav`;
  const drawn = `${out}.uh.wav`;
  await writeSamples(raw, middle);
  const tempo = middle.length / RATE / FILLED_PAUSE.vowelSeconds;
  await sox([raw, drawn, 'tempo', '-s', tempo.toFixed(4), '30', '10', '10']);
  const uh = (await decodeAudio(new Uint8Array(readFileSync(drawn)))).samples.map(
    (sample) => sample * 0.7,
  );
  rmSync(raw);
  rmSync(drawn);
  const at = item.editedMs!.end;
  return joined([
    spliced(samples, 0, sampleAt(at)),
    roomNoise(FILLED_PAUSE.gapSeconds, sampleAt(at)),
    faded(uh, { start: true, end: true }, Math.round(0.03 * RATE)),
    roomNoise(FILLED_PAUSE.gapSeconds, sampleAt(at) + 1),
    spliced(samples, sampleAt(at), samples.length),
  ]);
}

/**
 * The reading up to its false start's end (restart: the first two words by the full reading's
 * alignment; readTwice: all of it), a pause, then the whole reading.
 */
async function restart(item: UserCase): Promise<Float32Array> {
  return restartSamples(await corpusSamples(item.labelId), item.restartMs!);
}

/** Where a restart's reading starts, in ms: 50 ms after its false start's last word, and a pause. */
export function restartMs(falseStartEnd: WordTime): number {
  return falseStartEnd.end + 50 + RESTART_PAUSE_SECONDS * 1000;
}

/** The reading up to the pause, the pause in room noise, then from `atMs` the whole reading again. */
export function restartSamples(samples: Float32Array, atMs: number): Float32Array {
  const falseStartEnd = Math.round(((atMs - RESTART_PAUSE_SECONDS * 1000) / 1000) * RATE);
  const pause = Math.round(RESTART_PAUSE_SECONDS * RATE);
  const out = new Float32Array(falseStartEnd + pause + samples.length);
  out.set(samples.subarray(0, falseStartEnd));
  out.set(samples, falseStartEnd + pause);
  return withRoomNoise(out, falseStartEnd, falseStartEnd + pause, falseStartEnd);
}

/** The same speaker's reading of another sentence, chosen by seed (none: one reading only). */
function anotherReadingBy(label: Label, labels: readonly Label[]): Label | undefined {
  const speaker = speakerOf(label.id);
  return shuffled(
    labels.filter((other) => speakerOf(other.id) === speaker && other.text !== label.text),
    seededRandom(seedOf(`${label.id}:talkAfter`)),
  )[0];
}

/** The reading, a pause in room noise, then the same learner reading another sentence. */
async function talkAfter(item: UserCase): Promise<Float32Array> {
  return joined([
    await corpusSamples(item.labelId),
    roomNoise(RESTART_PAUSE_SECONDS, seedOf(item.id)),
    await corpusSamples(item.afterLabelId!),
  ]);
}

/** The first two words, a breath's pause, then the reading again from its first word. */
async function quickRestart(item: UserCase): Promise<Float32Array> {
  const falseStartEnd = item.restartMs! - REPEAT_PAUSE_SECONDS * 1000;
  return withRoomPause(
    await corpusSamples(item.labelId),
    falseStartEnd,
    REPEAT_PAUSE_SECONDS,
    item.readingFromMs!,
  );
}

export function rms(samples: Float32Array): number {
  let sum = 0;
  for (const value of samples) sum += value * value;
  return Math.sqrt(sum / Math.max(1, samples.length));
}

/** Three test speakers' readings other than `speaker`'s, each at unit RMS, summed, `length` long. */
export async function babbleOf(
  labels: readonly Label[],
  speaker: string,
  seed: number,
  length: number,
): Promise<Float32Array> {
  const others = shuffled(
    labels.filter((label) => isTestSpeaker(speakerOf(label.id)) && speakerOf(label.id) !== speaker),
    seededRandom(seed),
  );
  const mix = new Float32Array(length);
  const speakers = new Set<string>();
  for (const other of others) {
    if (speakers.size === 3) break;
    if (speakers.has(speakerOf(other.id))) continue;
    speakers.add(speakerOf(other.id));
    const samples = await corpusSamples(other.id);
    const level = Math.max(1e-6, rms(samples));
    for (let i = 0; i < length; i += 1) mix[i]! += samples[i % samples.length]! / level;
  }
  return mix;
}

/** Three other test speakers' readings, 10 dB under the reading (by RMS), mixed under it. */
async function babble(item: UserCase, labels: readonly Label[]): Promise<Float32Array> {
  const reading = await corpusSamples(item.labelId);
  const mix = await babbleOf(labels, speakerOf(item.labelId), seedOf(item.id), reading.length);
  const gain = (rms(reading) * 10 ** (-BABBLE_BELOW_DB / 20)) / Math.max(1e-9, rms(mix));
  return reading.map((value, i) => value + gain * mix[i]!);
}

async function encode(codec: Codec, input: string, out: string): Promise<void> {
  if (codec === 'wav') return sox([input, '-t', 'wav', out]);
  if (codec === 'mp3-64k') {
    await run('lame', ['--quiet', '-b', '64', input, out]);
    return;
  }
  if (codec === 'opus-32k-webm') {
    await run('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-i',
      input,
      '-c:a',
      'libopus',
      '-b:a',
      '32k',
      '-f',
      'webm',
      out,
    ]);
    return;
  }
  return sox([input, '-t', 'wav', '-r', '8000', out, 'sinc', '300-3400']);
}

const NOTE_HZ = [261.63, 293.66, 329.63, 349.23, 392.0, 440.0, 493.88, 523.25];

/** Non-speech made with sox's synthesizer: plucked chords and melodies, beeps, a whistle. */
export async function music(kind: string, seed: number, out: string): Promise<void> {
  const next = seededRandom(seed);
  const note = (): number =>
    NOTE_HZ[Math.floor(next() * NOTE_HZ.length)]! * (next() < 0.3 ? 0.5 : 1);
  const parts: string[] = [];
  const steps = 8;
  for (let step = 0; step < steps; step += 1) {
    const part = `${out}.${step}.wav`;
    const root = note();
    const synth =
      kind === 'piano-chords'
        ? [
            'synth',
            '0.6',
            'pluck',
            String(root),
            'pluck',
            String(root * 1.26),
            'pluck',
            String(root * 1.5),
            'remix',
            '-',
          ]
        : kind === 'piano-melody'
          ? ['synth', '0.35', 'pluck', String(root * 2)]
          : kind === 'tone-sequence'
            ? ['synth', '0.3', 'sine', String(root * 2), 'fade', '0.01', '0.3', '0.05']
            : [
                'synth',
                '0.5',
                'sine',
                `${900 + step * 150}-${1500 + step * 200}`,
                'tremolo',
                '6',
                '40',
              ];
    await sox(['-n', '-r', String(RATE), '-c', '1', '-t', 'wav', part, ...synth, 'vol', '0.4']);
    parts.push(part);
  }
  await sox([...parts, '-t', 'wav', out, 'pad', '0.5', '0.5']);
}
