import { sequenceGrammar } from '../recognizer/grammar.js';
import { ensureInDictionary, pronunciation, type TextWord } from '../text/words.js';
import type { SpeechModel } from '../recognizer/soundswallower/adapter.js';
import { competePhones } from '../recognizer/phone-loop.js';
import { alignPhones, decodeWithGrammar, isFiller, type AlignedPhone } from '../recognizer/recognize.js';
import type { DecodedSegment } from '../recognizer/soundswallower/segments.js';
import { verifiedWords } from './word-acceptance.js';

/**
 * A decoded word is kept only if its acoustic score per frame, relative to the best senone of
 * each frame, is above this. On speechocean762 it keeps 95% of words read from the right text
 * and drops a third of the words the grammar forces onto audio of another sentence.
 */
export const WORD_REJECT_SCORE_PER_FRAME = -45;

export interface HeardWord {
  /** Index into the reference words. */
  slot: number;
  /** The grammar decode put this word on its best path and its acoustics passed the bar. */
  decoded: boolean;
  /** Dictionary entries the decoder chose, e.g. "to(2)" (several for a number). */
  entry: string;
  startFrame: number;
  endFrame: number;
  phones: AlignedPhone[];
}

export interface SpeechAnalysis {
  reference: TextWord[];
  /**
   * Every reference word aligned in place with its evidence. `heard` is the subset that
   * verification accepted (verification.ts).
   */
  aligned: HeardWord[];
  heard: HeardWord[];
  /** Words the grammar put on the path whose acoustics did not support them. */
  rejected: number;
  /** Silences and noises the aligner placed between the heard phones. */
  fillers: DecodedSegment[];
  /** What the free phone loop heard over the answer's span: evidence of what was said. */
  loopPhones: string[];
  totalFrames: number;
}

interface Candidate {
  slot: number;
  entries: string[];
  decoded: DecodedSegment | null;
}

export function analyseSpeech(
  model: SpeechModel,
  samples: Float32Array,
  reference: TextWord[],
): SpeechAnalysis {
  ensureInDictionary(
    model,
    reference.flatMap((word) => word.spoken),
  );
  const decoded = decodeWithGrammar(model, samples, sequenceGrammar(reference)).filter(
    (segment) => !isFiller(segment.text),
  );
  const slots = assignSlots(decoded, reference);
  const accepted = decoded.flatMap((segment, index): Candidate[] =>
    perFrame(segment) >= WORD_REJECT_SCORE_PER_FRAME
      ? [{ slot: slots[index] ?? -1, entries: [segment.text], decoded: segment }]
      : [],
  );
  const candidates = everyReferenceWord(reference, accepted);
  // Every reference word may not fit the audio (an answer cut short); then align the decoded ones.
  const full = alignCandidates(model, samples, candidates, accepted);
  const { words, fillers, loopPhones } =
    full.loopPhones.length > 0 ? full : alignCandidates(model, samples, accepted, accepted);
  const aligned = {
    reference,
    aligned: words,
    rejected: decoded.length - accepted.length,
    fillers,
    loopPhones,
    totalFrames: Math.floor(samples.length / 160),
  };
  return { ...aligned, heard: verifiedWords(aligned) };
}

export function perFrame(segment: DecodedSegment): number {
  return segment.acousticScore / Math.max(1, segment.endFrame - segment.startFrame + 1);
}

export function baseWord(entry: string): string {
  return entry.replace(/\(\d+\)$/u, '');
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
  model: SpeechModel,
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
      },
    ];
  });
  return { words, fillers: complete ? alignment.fillers : [], loopPhones };
}

/** Scores each aligned phone against the free phone loop; returns what the loop heard. */
function addCompetition(
  model: SpeechModel,
  samples: Float32Array,
  phones: AlignedPhone[],
): string[] {
  const loop = competePhones(model, samples, phones);
  loop.competitions.forEach((competition, index) => {
    Object.assign(phones[index]!, competition);
  });
  return loop.heardPhones;
}
