import type { AcousticModel, DecodedSegment } from '../recognizer/acoustic-model.js';
import { SAMPLES_PER_FRAME } from '../recognizer/acoustic-model.js';
import { baseWord } from '../recognizer/dictionary.js';
import { FALSE_START_WORDS, sequenceGrammar } from '../recognizer/grammar.js';
import { isFiller } from '../recognizer/recognize.js';
import { spokenWordCount, type TextWord } from '../text/words.js';
import { frameCount } from './gop.js';
import {
  frameLevels,
  PAUSE_FRAMES,
  quietUnder,
  soundingFramesWithin,
  type FrameSpan,
  type QuietUnder,
} from './levels.js';
import { shiftSegment } from './speech-analysis.js';
import { sum } from './statistics.js';

/** A reading of the reference, and the abandoned words of a false start before it. */
export interface SplitReading {
  /** The whole decoded path the split was read from, fillers included. */
  decodedPath: DecodedSegment[];
  falseStart: DecodedSegment[];
  reading: DecodedSegment[];
  /** Where speech follows the whole reading: the frame the reading ends before (speech-after.ts). */
  endFrame?: number;
}

/**
 * The words of a false start, if the decoder took the grammar's restart arc: the decoded words
 * are then not one in-order reading of the reference, and a run of the sentence's first words
 * is said twice, the second time as the start of a reading. Null when neither holds.
 */
export function splitFalseStart(
  decoded: DecodedSegment[],
  reference: readonly TextWord[],
): { falseStart: DecodedSegment[]; reading: DecodedSegment[] } | null {
  const flat = reference.flatMap((word) => word.spoken);
  const words = decoded.map((segment) => baseWord(segment.text));
  if (inOrder(words, flat)) return { falseStart: [], reading: decoded };
  for (let count = 1; count <= Math.min(startWordCount(reference), words.length - 1); count += 1) {
    if (words[count - 1] !== flat[count - 1]) break;
    const again = words.slice(count, 2 * count);
    if (again.every((word, index) => word === flat[index]) && inOrder(words.slice(count), flat)) {
      return { falseStart: decoded.slice(0, count), reading: decoded.slice(count) };
    }
  }
  return null;
}

/**
 * A restart the grammar's arc missed. The arc's prior is set low, so that a reading said once
 * is never parsed as a restart; then a reader who stops after the first words, pauses and
 * starts again is often decoded as those words, the pause, and the rest of the sentence
 * stretched over the repeat (13 of 20 speechocean762 restarts looked at were found by the arc
 * alone). Where the path shows some of the sentence's first words (those the arc allows), or a
 * whole reading followed by speech left unheard (readAgainUnheard), and then a pause, the audio
 * from the pause on is decoded again as a reading of its own: if that reading holds the same
 * words again, in order, and loses none, they were said twice and the first time was
 * abandoned. The first words need not be decoded whole: a poor reader's false start is often
 * heard with a word skipped ("does ⟨lynda⟩ the").
 */
export function restartAfterPause(
  model: AcousticModel,
  samples: Float32Array,
  reference: readonly TextWord[],
  decodedPath: DecodedSegment[],
  levels: Float64Array = frameLevels(samples),
): SplitReading | null {
  const sentence = reference.flatMap((word) => word.spoken);
  const firstWords = sentence.slice(0, startWordCount(reference));
  const before: DecodedSegment[] = [];
  for (let index = 0; index < decodedPath.length; index += 1) {
    const segment = decodedPath[index]!;
    if (!isFiller(segment.text)) {
      before.push(segment);
      if (!inOrder(spokenWords(before), sentence)) return null;
      continue;
    }
    if (before.length === 0) continue;
    const run = fillerRun(decodedPath, index);
    const quiet = quietUnder(levels, before);
    const restart =
      quiet.frames(run) >= PAUSE_FRAMES &&
      (inOrder(spokenWords(before), firstWords) ||
        readAgainUnheard(sentence, before, run, decodedPath, levels)) &&
      decodeRestart(model, samples, reference, decodedPath, before, run.startFrame, quiet);
    if (restart) return restart;
    index = run.last;
  }
  return null;
}

/** Speech under the decoder's silence that marks a reading as lost, or as read again: 0.5 s. */
export const UNHEARD_SPEECH_FRAMES = 50;

/**
 * Whether the words before a pause may be a whole reading that the reader read again: they
 * start at the sentence's first word and miss at most one of its words, and everything after
 * the pause lies under the decoder's silence though it holds speech. The arc reaches only the
 * first words, so a sentence read twice was aligned on its first reading, the second left
 * under silence. Of speechocean762's 1,086 readings said once, none is split by this
 * (bench/false-starts.ts): looked for after any words in order, a second decode split 25, most
 * of them readings whose first decode had heard only their last words; after a first word
 * with the rest unheard, 3, each heard as 3 of its 5 to 9 words.
 */
function readAgainUnheard(
  sentence: readonly string[],
  before: readonly DecodedSegment[],
  run: { startFrame: number; endFrame: number; last: number },
  path: readonly DecodedSegment[],
  levels: Float64Array,
): boolean {
  return (
    baseWord(before[0]!.text) === sentence[0] &&
    before.length >= sentence.length - 1 &&
    run.last === path.length - 1 &&
    soundingFramesWithin(levels, [run]) >= UNHEARD_SPEECH_FRAMES
  );
}

function decodeRestart(
  model: AcousticModel,
  samples: Float32Array,
  reference: readonly TextWord[],
  decodedPath: DecodedSegment[],
  falseStart: DecodedSegment[],
  fromFrame: number,
  quiet: QuietUnder,
): SplitReading | null {
  const tail = decodeFrom(model, samples, reference, fromFrame);
  const reading = tail.filter((segment) => !isFiller(segment.text));
  const again = matchInOrder(spokenWords(falseStart), reading, (segment) => baseWord(segment.text));
  // A restart explains the whole reading again; a word lost on the way means the "repeat" was
  // the next word misheard ("Mike <pause> likes" heard as "Mike <pause> Mike"). Decoded from
  // the pause on, the grammar's first words also fit into its quiet as short copies: the words
  // said again must be mostly speech. And the reading over speech starts after a pause: fitted
  // over speech the decoder's fillers covered before it, the words are the next ones misheard
  // ("nature", said slowly, decoded again as "mandy what's walking" in an MP3 copy of a
  // reading said once).
  const words = decodedPath.filter((segment) => !isFiller(segment.text)).length;
  const spoken = fromSpeech(reading, quiet.frames);
  if (
    !again ||
    reading.length < words ||
    !mostlySpeech(again, quiet.frames) ||
    !pausedBefore(quiet, falseStart, spoken[0]!)
  )
    return null;
  const head = decodedPath.filter((segment) => segment.endFrame < fromFrame);
  return { decodedPath: [...head, ...tail], falseStart, reading: spoken };
}

/**
 * The reading after a false start another model heard (`falseStart`, in this audio's frames):
 * the audio from the false start's end decoded under the plain reading grammar, as a restart
 * after a pause is, without the checks that find one. The 16 kHz model misses some false starts
 * the 8 kHz model finds (7 of 41 on the users bench's restarts) and then aligns the sentence
 * over the false start and the pause.
 */
export function readingAfterFalseStart(
  model: AcousticModel,
  samples: Float32Array,
  reference: readonly TextWord[],
  falseStart: DecodedSegment[],
  levels: Float64Array = frameLevels(samples),
): SplitReading {
  const tail = decodeFrom(model, samples, reference, falseStart.at(-1)!.endFrame + 1);
  const reading = tail.filter((segment) => !isFiller(segment.text));
  return {
    decodedPath: [...falseStart, ...tail],
    falseStart,
    reading: fromSpeech(reading, quietUnder(levels, falseStart).frames),
  };
}

/** The plain reading grammar's decode of the audio from `fromFrame` on, in the audio's frames. */
function decodeFrom(
  model: AcousticModel,
  samples: Float32Array,
  reference: readonly TextWord[],
  fromFrame: number,
): DecodedSegment[] {
  return model
    .decodeGrammar(
      samples.subarray(fromFrame * SAMPLES_PER_FRAME),
      sequenceGrammar(reference, { restarts: false }),
    )
    .map((segment) => shiftSegment(segment, fromFrame));
}

/**
 * Whether a pause (PAUSE_FRAMES quiet frames in a row) begins between the false start and
 * `repeat`. It may run on into the repeat's first word, whose start the decoder often sets a
 * few frames into the quiet before it.
 */
function pausedBefore(
  quiet: QuietUnder,
  falseStart: readonly DecodedSegment[],
  repeat: DecodedSegment,
): boolean {
  const pause = quiet.pauseFrom(falseStart.at(-1)!.endFrame + 1);
  return pause !== undefined && pause < repeat.startFrame;
}

function mostlySpeech(
  segments: readonly DecodedSegment[],
  quiet: (span: FrameSpan) => number,
): boolean {
  return 2 * sum(segments.map(quiet)) <= sum(segments.map(frameCount));
}

/** The reading from its first word said over speech, not from a copy in the quiet before it. */
function fromSpeech(
  reading: DecodedSegment[],
  quiet: (span: FrameSpan) => number,
): DecodedSegment[] {
  const spoken = reading.findIndex((segment) => mostlySpeech([segment], quiet));
  return reading.slice(Math.max(0, spoken));
}

function spokenWords(segments: readonly DecodedSegment[]): string[] {
  return segments.map((segment) => baseWord(segment.text));
}

/** The run of consecutive fillers starting at `index`: its first frame and last index. */
function fillerRun(
  path: readonly DecodedSegment[],
  index: number,
): { startFrame: number; endFrame: number; last: number } {
  let last = index;
  while (last + 1 < path.length && isFiller(path[last + 1]!.text)) last += 1;
  return { startFrame: path[index]!.startFrame, endFrame: path[last]!.endFrame, last };
}

/** The spoken words a false start may hold: those of the grammar's restart arc. */
function startWordCount(reference: readonly TextWord[]): number {
  return spokenWordCount(reference.slice(0, Math.min(FALSE_START_WORDS, reference.length - 1)));
}

function inOrder(words: readonly string[], flat: readonly string[]): boolean {
  return matchInOrder(words, flat, (word) => word) !== null;
}

/** The items matching `words` in order (each after the previous), or null when one is missing. */
function matchInOrder<T>(
  words: readonly string[],
  items: readonly T[],
  key: (item: T) => string,
): T[] | null {
  const matched: T[] = [];
  let cursor = 0;
  for (const word of words) {
    const found = items.findIndex((item, index) => index >= cursor && key(item) === word);
    if (found < 0) return null;
    matched.push(items[found]!);
    cursor = found + 1;
  }
  return matched;
}
