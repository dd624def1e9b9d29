import type { ReferenceReading, SpeakingResult } from '../../engine/tasks/index.js';
import type { SpeakingTask } from '../../shared/contract/endpoints.js';
import type { ErrorCode } from '../../shared/contract/errors.js';
import type { SpeakingRequest } from '../../shared/contract/requests.js';

/** Messages between the pool (in the server) and a scoring worker (its own process). */
export interface ScoreMessage {
  type: 'score';
  id: number;
  task: SpeakingTask;
  request: SpeakingRequest;
}

/**
 * A reference to read against an answer's audio: from a scoring worker to the pool, and from
 * the pool on to the reader process, which holds Moonshine for every worker.
 */
export interface ReadMessage {
  type: 'read';
  id: number;
  samples: Float32Array;
  words: readonly string[];
}

/** The reader's answer (evidence/neural-reading.ts), or why there is none. */
export type ReadingMessage =
  | { type: 'reading'; id: number; reading: ReferenceReading }
  | { type: 'unread'; id: number; reason: string };

/** What the pool sends a worker or the reader. */
export type PoolMessage = ScoreMessage | ReadMessage | ReadingMessage;

export interface WorkerError {
  code: ErrorCode;
  message: string;
  field: string | null;
}

export type WorkerMessage =
  /** The engine is loaded: the worker takes jobs. */
  | { type: 'ready' }
  /** This build has no speech engine: the speaking endpoints answer NOT_AVAILABLE. */
  | { type: 'unavailable'; reason: string }
  /** The answer's audio is decoded: its length sets the job's time budget. */
  | { type: 'decoded'; id: number; seconds: number }
  | { type: 'done'; id: number; result: SpeakingResult }
  | { type: 'failed'; id: number; error: WorkerError }
  | ReadMessage
  | ReadingMessage;
