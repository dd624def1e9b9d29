import type { AcousticModel, DecodedSegment } from '../recognizer/acoustic-model.js';
import { baseWord, ensureInDictionary, pronunciation } from '../recognizer/dictionary.js';
import { competePhones } from '../recognizer/phone-loop.js';
import { alignPhones, type AlignedPhone } from '../recognizer/recognize.js';
import { SAMPLES_PER_FRAME } from '../recognizer/acoustic-model.js';
import type { TextWord } from '../text/words.js';
import { senoneGop } from './gop.js';
import { frameLevels, levelOf, soundingFrames, voiceOf } from './levels.js';
import { decodeReading } from './reading-decode.js';
import {
  shiftAnalysis,
  shiftSegment,
  shiftWord,
  type HeardWord,
  type SpeechAnalysis,
} from './speech-analysis.js';
import { decideSaid, saidModelFor } from './word-acceptance.js';

export type { HeardWord, SpeechAnalysis } from './speech-analysis.js';

/**
 * A decoded word is kept only if its acoustic score per frame, relative to the best senone of
 * each frame, is above this. On speechocean762 it keeps 95% of words read from the right text
 * and drops a third of the words the grammar forces onto audio of another sentence.
 */
export const WORD_REJECT_SCORE_PER_FRAME = -45;

interface Candidate {
  slot: number;
  entries: string[];
  decoded: DecodedSegment | null;
}

/**
 * A reading of `reference`: decoded, aligned, each word's evidence, the words said. Only the
 * voice and a margin of quiet either side (voiceOf) are analysed; every time is the
 * recording's. `restarts` lets a false start precede the reading, and decodes again a reading
 * the first decode lost (Repeat Sentence); free speech's phrases go without, since a phrase said
 * twice there is an answer's own words, not a restart. `falseStart`, a false start another
 * model heard in the same recording (its frames), is taken as found: the reading is decoded
 * after it.
 */
export function analyseSpeech(
  model: AcousticModel,
  samples: Float32Array,
  reference: TextWord[],
  { restarts = true, falseStart = [] }: { restarts?: boolean; falseStart?: DecodedSegment[] } = {},
): SpeechAnalysis {
  const totalFrames = Math.floor(samples.length / SAMPLES_PER_FRAME);
  const { voice, startFrame } = voiceOf(samples);
  const heardFalseStart = falseStart.map((segment) => shiftSegment(segment, -startFrame));
  const analysis = analyseVoice(model, voice, reference, restarts, heardFalseStart);
  return { ...shiftAnalysis(analysis, startFrame), totalFrames };
}

/** analyseSpeech on the voice and the quiet kept around it. */
function analyseVoice(
  model: AcousticModel,
  samples: Float32Array,
  reference: TextWord[],
  restarts: boolean,
  heardFalseStart: DecodedSegment[],
): SpeechAnalysis {
  ensureInDictionary(
    model,
    reference.flatMap((word) => word.spoken),
  );
  const levels = frameLevels(samples);
  const { decodedPath, falseStart, reading, endFrame } = decodeReading(
    model,
    samples,
    levels,
    reference,
    restarts,
    heardFalseStart,
  );
  const offset = readingStart(falseStart, reading);
  const end = endFrame ?? levels.length;
  const analysis = analyseReading(
    model,
    samples.subarray(offset * SAMPLES_PER_FRAME, end * SAMPLES_PER_FRAME),
    reference,
    reading.map((segment) => shiftSegment(segment, -offset)),
  );
  const placed = analysis.aligned.map((word) => ({
    ...shiftWord(word, offset),
    levelDb: levelOf(levels, word.startFrame + offset, word.endFrame + offset),
  }));
  return {
    ...analysis,
    ...decideSaid({ reference, aligned: placed, decodedPath }, saidModelFor(model.name)),
    decodedPath,
    fillers: analysis.fillers.map((filler) => shiftSegment(filler, offset)),
    falseStart,
    totalFrames: Math.floor(samples.length / SAMPLES_PER_FRAME),
    soundingFrames: soundingFrames(levels, offset, end - 1),
  };
}

/** Frames the reading's alignment starts before its first decoded word (a first sound clipped). */
const READING_MARGIN_FRAMES = 10;

/**
 * The frame the reading is aligned from: after the false start, so no reference word lands on
 * it, and no earlier than a little before the reading's first decoded word. Aligned from the
 * false start's end, the first word's first phone was placed on the false start's last sound
 * and the pause counted inside the word ("does" 1.8 s long).
 */
function readingStart(
  falseStart: readonly DecodedSegment[],
  reading: readonly DecodedSegment[],
): number {
  const last = falseStart.at(-1);
  if (!last) return 0;
  return Math.max(last.endFrame + 1, (reading[0]?.startFrame ?? 0) - READING_MARGIN_FRAMES);
}

/** Recognition and alignment of one reading of the reference, from the decoded words. */
function analyseReading(
  model: AcousticModel,
  samples: Float32Array,
  reference: TextWord[],
  decoded: DecodedSegment[],
): Omit<SpeechAnalysis, 'falseStart' | 'heard' | 'unsureSlots' | 'decodedPath' | 'soundingFrames'> {
  const slots = assignSlots(decoded, reference);
  const accepted = decoded.flatMap((segment, index): Candidate[] =>
    senoneGop(segment) >= WORD_REJECT_SCORE_PER_FRAME
      ? [{ slot: slots[index] ?? -1, entries: [segment.text], decoded: segment }]
      : [],
  );
  const candidates = everyReferenceWord(reference, accepted);
  // Every reference word may not fit the audio (an answer cut short); then align the decoded ones.
  const full = alignCandidates(model, samples, candidates, accepted);
  const { words, fillers, loopPhones } =
    full.loopPhones.length > 0 ? full : alignCandidates(model, samples, accepted, accepted);
  return {
    reference,
    aligned: words,
    rejected: decoded.length - accepted.length,
    fillers,
    loopPhones,
    totalFrames: Math.floor(samples.length / SAMPLES_PER_FRAME),
  };
}

/** Which reference word each decoded word stands for: the sequence grammar keeps their order. */
function assignSlots(decoded: DecodedSegment[], reference: TextWord[]): number[] {
  const flat = reference.flatMap((word, slot) => word.spoken.map((spoken) => ({ spoken, slot })));
  let cursor = 0;
  return decoded.map((segment) => {
    const word = baseWord(segment.text);
    const found = flat.findIndex((entry, index) => index >= cursor && entry.spoken === word);
    if (found < 0) return -1;
    cursor = found + 1;
    return flat[found]!.slot;
  });
}

/** Every reference word, with the pronunciation the decoder chose where it heard the word. */
function everyReferenceWord(reference: TextWord[], accepted: Candidate[]): Candidate[] {
  return reference.map((word, slot) => {
    const heard = accepted.filter((candidate) => candidate.slot === slot);
    return heard.length === word.spoken.length
      ? {
          slot,
          entries: heard.flatMap((candidate) => candidate.entries),
          decoded: heard[0]?.decoded ?? null,
        }
      : { slot, entries: word.spoken, decoded: heard[0]?.decoded ?? null };
  });
}

/** Force-aligns the candidates' phones, then scores each against the free phone loop. */
function alignCandidates(
  model: AcousticModel,
  samples: Float32Array,
  candidates: Candidate[],
  accepted: Candidate[],
): { words: HeardWord[]; fillers: DecodedSegment[]; loopPhones: string[] } {
  const decodedSlots = new Set(accepted.map((candidate) => candidate.slot));
  const pronunciations = candidates.map((candidate) =>
    candidate.entries.flatMap((entry) => pronunciation(model, entry)),
  );
  const alignment = alignPhones(model, samples, pronunciations.flat());
  const complete = alignment.phones.length === pronunciations.flat().length;
  const loopPhones = complete ? addCompetition(model, samples, alignment.phones) : [];
  let next = 0;
  const words = candidates.flatMap((candidate, index): HeardWord[] => {
    const count = pronunciations[index]!.length;
    const phones = complete ? alignment.phones.slice(next, next + count) : [];
    next += count;
    const startFrame = phones[0]?.startFrame ?? candidate.decoded?.startFrame;
    const endFrame = phones.at(-1)?.endFrame ?? candidate.decoded?.endFrame;
    if (startFrame === undefined || endFrame === undefined) return [];
    return [
      {
        slot: candidate.slot,
        decoded: decodedSlots.has(candidate.slot),
        entry: candidate.entries.join(' '),
        startFrame,
        endFrame,
        phones,
        levelDb: 0,
        saidLogOdds: 0,
      },
    ];
  });
  return { words, fillers: complete ? alignment.fillers : [], loopPhones };
}

/** Scores each aligned phone against the free phone loop; returns what the loop heard. */
function addCompetition(
  model: AcousticModel,
  samples: Float32Array,
  phones: AlignedPhone[],
): string[] {
  const loop = competePhones(model, samples, phones);
  loop.competitions.forEach((competition, index) => {
    Object.assign(phones[index]!, competition);
  });
  return loop.heardPhones;
}
