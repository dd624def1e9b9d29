import type { SpeakingTask } from '../../shared/contract/endpoints.js';
import type { SpeakingRequest } from '../../shared/contract/requests.js';
import type { SpeakingResult } from '../scoring/result.js';

export type { AudioPolicy } from '../audio/policy.js';
export type { SpeakingResult } from '../scoring/result.js';

/** The speaking half of the engine, as the HTTP server sees it. Failures throw ScoringError. */
export interface SpeakingScorer {
  score(
    task: SpeakingTask,
    request: SpeakingRequest,
    signal?: AbortSignal,
  ): Promise<SpeakingResult>;
  close(): Promise<void>;
}
