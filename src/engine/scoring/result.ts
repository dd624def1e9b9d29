import type { Component, KeyPointResult, Word } from '../../shared/contract/envelope.js';

/** A speaking answer's scores, as the contract's envelope carries them. */
export interface SpeakingResult {
  components: Component[];
  words: Word[];
  /** What the learner was heard to say (rs: the recognised word sequence). */
  transcription: string;
  /** rl, di: each key point of the request and whether it was heard. */
  keyPoints?: KeyPointResult[];
}
