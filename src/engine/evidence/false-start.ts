import type { AcousticModel, DecodedSegment } from '../recognizer/acoustic-model.js';
import { SAMPLES_PER_FRAME } from '../recognizer/acoustic-model.js';
import { baseWord } from '../recognizer/dictionary.js';
import { FALSE_START_WORDS, sequenceGrammar } from '../recognizer/grammar.js';
import { isFiller } from '../recognizer/recognize.js';
import type { TextWord } from '../text/words.js';
import { shiftSegment } from './speech-analysis.js';

/** A reading of the reference, and the abandoned words of a false start before it. */
export interface SplitReading {
  /** The whole decoded path the split was read from, fillers included. */
  decodedPath: DecodedSegment[];
  falseStart: DecodedSegment[];
  reading: DecodedSegment[];
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

/** A pause: a filler run of at least 300 ms (the pause of docs/engine.md's fluency). */
const PAUSE_FRAMES = 30;

/**
 * A restart the grammar's arc missed. The arc's prior is set low, so that a reading said once
 * is never parsed as a restart; then a reader who stops after the first words, pauses and
 * starts again is often decoded as those words, the pause, and the rest of the sentence
 * stretched over the repeat (13 of 20 speechocean762 restarts looked at were found by the arc
 * alone). Where the path shows the sentence's first words and then a pause, the audio from the
 * pause on is decoded again as a reading of its own: if that reading starts with the same
 * words, they were said twice, and the first time was abandoned.
 */
export function restartAfterPause(
  model: AcousticModel,
  samples: Float32Array,
  reference: readonly TextWord[],
  decodedPath: DecodedSegment[],
): SplitReading | null {
  const flat = reference.flatMap((word) => word.spoken);
  const mostWords = startWordCount(reference);
  const before: DecodedSegment[] = [];
  for (let index = 0; index < decodedPath.length; index += 1) {
    const segment = decodedPath[index]!;
    if (!isFiller(segment.text)) {
      if (before.length >= mostWords) return null;
      if (baseWord(segment.text) !== flat[before.length]) return null;
      before.push(segment);
      continue;
    }
    if (before.length === 0) continue;
    const run = fillerRun(decodedPath, index);
    const isPause = run.endFrame - run.startFrame + 1 >= PAUSE_FRAMES;
    const restart =
      isPause && decodeRestart(model, samples, reference, decodedPath, before, run.startFrame);
    if (restart) return restart;
    index = run.last;
  }
  return null;
}

function decodeRestart(
  model: AcousticModel,
  samples: Float32Array,
  reference: readonly TextWord[],
  decodedPath: DecodedSegment[],
  falseStart: DecodedSegment[],
  fromFrame: number,
): SplitReading | null {
  const tail = model
    .decodeGrammar(
      samples.subarray(fromFrame * SAMPLES_PER_FRAME),
      sequenceGrammar(reference, { restarts: false }),
    )
    .map((segment) => shiftSegment(segment, fromFrame));
  const reading = tail.filter((segment) => !isFiller(segment.text));
  const again = reading.slice(0, falseStart.length).map((segment) => baseWord(segment.text));
  const repeated =
    again.length === falseStart.length &&
    again.every((word, index) => word === baseWord(falseStart[index]!.text));
  // A restart explains the whole reading again; a word lost on the way means the "repeat" was
  // the next word misheard ("Mike <pause> likes" heard as "Mike <pause> Mike").
  const words = decodedPath.filter((segment) => !isFiller(segment.text)).length;
  if (!repeated || reading.length < words) return null;
  const head = decodedPath.filter((segment) => segment.endFrame < fromFrame);
  return { decodedPath: [...head, ...tail], falseStart, reading };
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
  return reference
    .slice(0, Math.min(FALSE_START_WORDS, reference.length - 1))
    .reduce((sum, word) => sum + word.spoken.length, 0);
}

function inOrder(words: readonly string[], flat: readonly string[]): boolean {
  let cursor = 0;
  for (const word of words) {
    const found = flat.indexOf(word, cursor);
    if (found < 0) return false;
    cursor = found + 1;
  }
  return true;
}
