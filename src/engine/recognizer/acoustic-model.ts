/**
 * The acoustic-model seam: what the rest of the engine asks of a recogniser. Soundswallower
 * (PocketSphinx in WebAssembly) is the one implementation (soundswallower/adapter.ts); a model
 * is a folder of its files (models.ts).
 */

/** One entry of the decoder's best path: a word, phone word or filler over [startFrame, endFrame]. */
export interface DecodedSegment {
  text: string;
  startFrame: number;
  endFrame: number;
  /** Acoustic log score, already relative to the best senone of each frame (0 = best possible). */
  acousticScore: number;
}

/** Pruning beams of the decoder's search (PocketSphinx's beam, pbeam and wbeam). */
export interface Beams {
  beam: number;
  pbeam: number;
  wbeam: number;
}

/** A word of a forced alignment, with the posterior probability the aligner gives it (0–1). */
export interface AlignedWord {
  text: string;
  posterior: number;
}

export interface AcousticModel {
  /** The model folder's name (models.ts). */
  readonly name: string;
  /** The dictionary's phones for a word ("to(2)" → "T AH"), or null when it lacks the word. */
  lookup(word: string): string | null;
  /** Adds dictionary entries: [word, space-separated phones]. */
  addWords(...entries: Array<[string, string]>): void;
  /** The best path through a JSGF grammar over the whole utterance (16 kHz samples). */
  decodeGrammar(samples: Float32Array, jsgf: string): DecodedSegment[];
  /** Forced alignment of a word sequence: the path, and each word's posterior where known. */
  align(samples: Float32Array, words: string): { path: DecodedSegment[]; words: AlignedWord[] };
  /** Runs `run` with the given pruning beams, then restores the model's own. */
  withBeams<T>(beams: Beams, run: () => T): T;
  /** Frees the decoder; the model is unusable afterwards. */
  close(): void;
}

/** 10 ms frames (the model's frame rate is 100 per second). */
export const FRAME_MS = 10;
/** Samples per 10 ms frame at 16 kHz, the rate every answer is decoded at. */
export const SAMPLES_PER_FRAME = 160;
