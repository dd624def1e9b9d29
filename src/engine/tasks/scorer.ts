import type { SpeakingTask } from '../../shared/contract/endpoints.js';
import type { SpeakingRequest } from '../../shared/contract/requests.js';
import type { Component, Word } from '../../shared/contract/envelope.js';

/** The speaking half of the engine, as the HTTP server sees it. Failures throw ScoringError. */
export interface SpeakingScorer {
  score(
    task: SpeakingTask,
    request: SpeakingRequest,
    signal?: AbortSignal,
  ): Promise<SpeakingResult>;
  close(): Promise<void>;
}

export interface SpeakingResult {
  components: Component[];
  words: Word[];
  /** What the learner was heard to say (rs: the recognised word sequence). */
  transcription: string;
}

export interface AudioPolicy {
  /** Folders that `file:` URLs may read from; empty refuses every `file:` URL. */
  audioRoots: string[];
  /** Refuse http(s) URLs that resolve to private or loopback addresses (public deployments). */
  blockPrivateNetworks: boolean;
  maxBytes: number;
  maxDurationSeconds: number;
  fetchTimeoutMs: number;
}
