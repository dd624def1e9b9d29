import type { DecodedSegment } from '../recognizer/acoustic-model.js';
import type { AlignedPhone } from '../recognizer/recognize.js';
import type { TextWord } from '../text/words.js';

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
  /** The word's mean frame level in dB against the answer's loud frames (0 = as loud). */
  levelDb: number;
  /** How surely the word was said: the said decision's log-odds (word-acceptance.ts, weighSaid). */
  saidLogOdds: number;
}

export interface SpeechAnalysis {
  reference: TextWord[];
  /**
   * Every reference word aligned in place with its evidence. `heard` is the subset that
   * word acceptance kept (word-acceptance.ts).
   */
  aligned: HeardWord[];
  heard: HeardWord[];
  /**
   * Reference slots whose said decision is unsure (word-acceptance.ts): a heard word that may
   * not have been said, or a Missing word that may have been. Worth a listen.
   */
  unsureSlots: number[];
  /** Words the grammar put on the path whose acoustics did not support them. */
  rejected: number;
  /** Silences and noises the aligner placed between the heard phones. */
  fillers: DecodedSegment[];
  /** What the free phone loop heard over the answer's span: evidence of what was said. */
  loopPhones: string[];
  totalFrames: number;
  /**
   * Frames of the reading (a false start and speech after it apart) loud enough to be the voice
   * (levels.ts): the time the sentence took to say, whatever the aligner made of it.
   */
  soundingFrames: number;
  /**
   * Words the reader said and abandoned before starting the sentence again (a false start),
   * with the decoder's timings; none of them is a reading of a reference word.
   */
  falseStart: DecodedSegment[];
  /** The grammar decode's whole path, fillers (silence, +SPN+ garbage) included. */
  decodedPath: DecodedSegment[];
  /**
   * Moonshine's support of each reference word, by slot (evidence/neural-reading.ts), where it
   * read the answer against the reference: Repeat Sentence's reading models weigh it.
   */
  supports?: number[];
}

/** An analysis with nothing heard: `reference` expected, `decodedPath` decoded, no word said. */
export function nothingHeard(
  totalFrames: number,
  reference: readonly TextWord[] = [],
  decodedPath: readonly DecodedSegment[] = [],
): SpeechAnalysis {
  return {
    reference: [...reference],
    aligned: [],
    heard: [],
    unsureSlots: [],
    rejected: 0,
    fillers: [],
    loopPhones: [],
    totalFrames,
    soundingFrames: 0,
    falseStart: [],
    decodedPath: [...decodedPath],
  };
}

/** A timed item moved by `frames` (audio analysed from an offset back onto the whole answer). */
export function shiftSegment<T extends { startFrame: number; endFrame: number }>(
  item: T,
  frames: number,
): T {
  return { ...item, startFrame: item.startFrame + frames, endFrame: item.endFrame + frames };
}

/** A heard word and its phones moved by `frames`. */
export function shiftWord(word: HeardWord, frames: number): HeardWord {
  return {
    ...shiftSegment(word, frames),
    phones: word.phones.map((phone) => shiftSegment(phone, frames)),
  };
}

/** An analysis moved by `frames`: every word, phone, filler and decoded segment. */
export function shiftAnalysis(analysis: SpeechAnalysis, frames: number): SpeechAnalysis {
  const aligned = analysis.aligned.map((word) => shiftWord(word, frames));
  return {
    ...analysis,
    aligned,
    heard: analysis.heard.map((heard) => aligned[analysis.aligned.indexOf(heard)]!),
    fillers: analysis.fillers.map((filler) => shiftSegment(filler, frames)),
    falseStart: analysis.falseStart.map((segment) => shiftSegment(segment, frames)),
    decodedPath: analysis.decodedPath.map((segment) => shiftSegment(segment, frames)),
  };
}
