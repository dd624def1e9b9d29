import { SAMPLES_PER_FRAME } from '../recognizer/acoustic-model.js';
import { mean, quantile } from './statistics.js';

export interface FrameSpan {
  startFrame: number;
  endFrame: number;
}

/** A frame's level is read against this quantile of the answer's frame levels: its loud part. */
const LOUD_QUANTILE = 0.95;
const QUIETEST_DB = -80;
/** A frame sounds (the voice, not the room) within this many dB of the loud frames… */
const SOUNDING_UNDER_LOUD_DB = 20;
/** …and this far over the quiet ones (QUIET_QUANTILE), so that steady noise never does. */
const SOUNDING_OVER_QUIET_DB = 6;
const QUIET_QUANTILE = 0.1;

/** Each recogniser frame's level in dB against the answer's loud frames (LOUD_QUANTILE). */
export function frameLevels(samples: Float32Array): Float64Array {
  const count = Math.floor(samples.length / SAMPLES_PER_FRAME);
  const levels = new Float64Array(count);
  for (let frame = 0; frame < count; frame += 1) {
    let energy = 0;
    for (let i = frame * SAMPLES_PER_FRAME; i < (frame + 1) * SAMPLES_PER_FRAME; i += 1)
      energy += samples[i]! ** 2;
    levels[frame] = Math.max(QUIETEST_DB, 10 * Math.log10(energy / SAMPLES_PER_FRAME + 1e-12));
  }
  const loud = quantile(Array.from(levels), LOUD_QUANTILE);
  return levels.map((level) => level - loud);
}

/** The mean level of a run of frames (the quietest level where there are none). */
export function levelOf(levels: Float64Array, startFrame: number, endFrame: number): number {
  const run = framesOf(levels, startFrame, endFrame);
  return run.length > 0 ? run.reduce((sum, level) => sum + level, 0) / run.length : QUIETEST_DB;
}

/**
 * How many frames from `from` to `to` sound: the time the answer's voice is heard, pauses apart,
 * measured by level alone, so that it does not depend on where the aligner puts the phones.
 */
export function soundingFrames(levels: Float64Array, from = 0, to = levels.length - 1): number {
  return soundingFramesWithin(levels, [{ startFrame: from, endFrame: to }]);
}

/** How many frames of the spans sound, by the same bar as soundingFrames. */
export function soundingFramesWithin(levels: Float64Array, spans: readonly FrameSpan[]): number {
  const bar = soundingBar(levels);
  return spans.reduce(
    (count, span) =>
      count +
      framesOf(levels, span.startFrame, span.endFrame).filter((level) => level > bar).length,
    0,
  );
}

/** Sounding frames in a row that mark the voice's first or last sound: a click is shorter. */
const VOICE_RUN_FRAMES = 5;

/** The first frame from `from` on that starts VOICE_RUN_FRAMES sounding frames in a row. */
export function firstSoundFrom(levels: Float64Array, from: number): number | undefined {
  const bar = soundingBar(levels);
  return firstRunFrom(levels, from, VOICE_RUN_FRAMES, (level) => level > bar);
}

/** A pause: at least 300 ms (the pause of docs/engine.md's fluency) of quiet frames. */
export const PAUSE_FRAMES = 30;
/** A frame is quiet this far under the level of the words before it. */
const QUIET_UNDER_WORDS_DB = 10;

/** A frame is quiet where its level is at most this: well under the mean level of `words`. */
function quietBar(levels: Float64Array, words: readonly FrameSpan[]): number {
  return (
    mean(words.flatMap((word) => [...framesOf(levels, word.startFrame, word.endFrame)])) -
    QUIET_UNDER_WORDS_DB
  );
}

/**
 * The quiet under the level of `words` (quietBar). The decoder's fillers also cover speech it
 * fits to no word, so a pause is counted in quiet frames, not in fillers, and the words said
 * again must be speech. Without both, 16 of 1,086 real readings were split, 6 of them over a
 * "pause" of speech or with the repeat squeezed into the quiet; with them, 10
 * (bench/false-starts.ts).
 */
export interface QuietUnder {
  /** The quiet frames of a span. */
  frames: (span: FrameSpan) => number;
  /** The first frame from `from` on of a pause: PAUSE_FRAMES quiet frames in a row. */
  pauseFrom: (from: number) => number | undefined;
}

export function quietUnder(levels: Float64Array, words: readonly FrameSpan[]): QuietUnder {
  const bar = quietBar(levels, words);
  const quiet = (level: number): boolean => level <= bar;
  return {
    frames: (span) => framesOf(levels, span.startFrame, span.endFrame).filter(quiet).length,
    pauseFrom: (from) => firstRunFrom(levels, from, PAUSE_FRAMES, quiet),
  };
}

/** The first frame from `from` on that starts `length` frames in a row whose levels pass. */
function firstRunFrom(
  levels: Float64Array,
  from: number,
  length: number,
  passes: (level: number) => boolean,
): number | undefined {
  let run = 0;
  for (let frame = Math.max(0, from); frame < levels.length; frame += 1) {
    run = passes(levels[frame]!) ? run + 1 : 0;
    if (run === length) return frame - length + 1;
  }
  return undefined;
}

/**
 * Quiet kept before the voice's first sound and after its last: about the median of
 * speechocean762's recordings (0.53 s), on which the models were calibrated. The decoder
 * normalises each answer by its own mean (batch CMN), so the quiet around the voice moves every
 * frame's scores: 1 s more before and 2 s more after, as in an exam-mode answer, worsened 67 of
 * 201 word labels of 30 real readings.
 */
export const QUIET_MARGIN_FRAMES = 50;

/**
 * From `margin` frames before the voice's first sound to `margin` after its last (its first and
 * last runs of VOICE_RUN_FRAMES sounding frames), clipped to the answer; the whole answer where
 * no run sounds.
 */
export function voiceSpan(
  levels: Float64Array,
  margin: number,
): { startFrame: number; endFrame: number } {
  const bar = soundingBar(levels);
  let run = 0;
  let first = -1;
  let last = -1;
  levels.forEach((level, frame) => {
    run = level > bar ? run + 1 : 0;
    if (run < VOICE_RUN_FRAMES) return;
    if (first < 0) first = frame - VOICE_RUN_FRAMES + 1;
    last = frame;
  });
  if (first < 0) return { startFrame: 0, endFrame: levels.length - 1 };
  return {
    startFrame: Math.max(0, first - margin),
    endFrame: Math.min(levels.length - 1, last + margin),
  };
}

/**
 * The voice of `samples` and QUIET_MARGIN_FRAMES of quiet either side (voiceSpan), and the frame
 * it starts at: what is analysed, and what Moonshine reads, so that the quiet an exam-mode
 * answer holds around the voice moves neither.
 */
export function voiceOf(samples: Float32Array): { voice: Float32Array; startFrame: number } {
  const totalFrames = Math.floor(samples.length / SAMPLES_PER_FRAME);
  const span = voiceSpan(frameLevels(samples), QUIET_MARGIN_FRAMES);
  const end =
    span.endFrame === totalFrames - 1 ? samples.length : (span.endFrame + 1) * SAMPLES_PER_FRAME;
  return {
    voice: samples.subarray(span.startFrame * SAMPLES_PER_FRAME, end),
    startFrame: span.startFrame,
  };
}

/** The levels of frames `startFrame` to `endFrame`, both included, clipped to the answer. */
function framesOf(levels: Float64Array, startFrame: number, endFrame: number): Float64Array {
  return levels.subarray(Math.max(0, startFrame), Math.max(0, endFrame + 1));
}

function soundingBar(levels: Float64Array): number {
  const quiet = quantile(Array.from(levels), QUIET_QUANTILE);
  return Math.max(-SOUNDING_UNDER_LOUD_DB, quiet + SOUNDING_OVER_QUIET_DB);
}
