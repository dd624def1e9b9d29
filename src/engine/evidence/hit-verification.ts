import {
  SAMPLES_PER_FRAME,
  type AcousticModel,
  type DecodedSegment,
} from '../recognizer/acoustic-model.js';
import { baseWord, pronunciation } from '../recognizer/dictionary.js';
import { competePhones } from '../recognizer/phone-loop.js';
import { alignPhones, type AlignedPhone } from '../recognizer/recognize.js';
import type { TextWord } from '../text/words.js';
import { nothingHeard, type HeardWord, type SpeechAnalysis } from './speech-analysis.js';
import { saidModelFor, weighSaid } from './word-acceptance.js';

/** Frames either side of a hit the aligner may use, as the spotter's boundaries are loose. */
const ALIGN_MARGIN_FRAMES = 3;

/**
 * A keyword hit verified on its own frames: its words' phones force-aligned over the frames
 * the spotter gave it, then scored against the free phone loop over the same frames (with the
 * loop's usual context either side). The words' GOP is the log-likelihood ratio of the keyword
 * against the background, which the key-point confidence is calibrated on. Frames are those of
 * `samples`; nothing is heard when the phones do not fit the frames.
 */
export function verifyHit(
  model: AcousticModel,
  samples: Float32Array,
  run: readonly DecodedSegment[],
  words: readonly TextWord[],
): SpeechAnalysis {
  const start = Math.max(0, run[0]!.startFrame - ALIGN_MARGIN_FRAMES);
  const end = run.at(-1)!.endFrame + ALIGN_MARGIN_FRAMES;
  const span = samples.subarray(start * SAMPLES_PER_FRAME, (end + 1) * SAMPLES_PER_FRAME);
  const pronunciations = run.map((hit) => pronunciation(model, hit.text));
  const alignment = alignPhones(model, span, pronunciations.flat());
  const totalFrames = Math.floor(samples.length / SAMPLES_PER_FRAME);
  const empty = nothingHeard(totalFrames, words, run);
  if (alignment.phones.length !== pronunciations.flat().length) return empty;
  const phones: AlignedPhone[] = alignment.phones.map((phone) => ({
    ...phone,
    startFrame: phone.startFrame + start,
    endFrame: phone.endFrame + start,
  }));
  const loop = competePhones(model, samples, phones);
  loop.competitions.forEach((competition, index) => Object.assign(phones[index]!, competition));
  let next = 0;
  const placed = run.map((hit, slot): HeardWord => {
    const own = phones.slice(next, next + pronunciations[slot]!.length);
    next += own.length;
    return {
      slot,
      decoded: true,
      entry: baseWord(hit.text),
      startFrame: own[0]?.startFrame ?? hit.startFrame,
      endFrame: own.at(-1)?.endFrame ?? hit.endFrame,
      phones: own,
      levelDb: 0,
      saidLogOdds: 0,
    };
  });
  // Every word of a verified hit counts as heard; its said evidence is for the word scores.
  const heard = weighSaid({ ...empty, aligned: placed }, saidModelFor(model.name));
  return { ...empty, aligned: heard, heard, loopPhones: loop.heardPhones };
}
