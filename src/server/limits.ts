import { availableParallelism } from 'node:os';
import type { AudioPolicy } from '../engine/tasks/index.js';

/** Large enough for a 180 s WAV sent inline as a base64 `data:` URL (about 30 MB). */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;
export const MAX_AUDIO_BYTES = 30 * 1024 * 1024;
export const MAX_AUDIO_SECONDS = 180;
export const AUDIO_FETCH_TIMEOUT_MS = 20_000;

export const DEFAULT_RATE_LIMIT = { max: 600, windowMs: 60_000 } as const;

/**
 * Requests of one client refused for what they sent (see refusal-budget.ts) before its next
 * ones are refused unread. An honest client earns none; this leaves room for a bug's burst.
 */
export const DEFAULT_REFUSAL_BUDGET = { max: 20, windowMs: 60_000 } as const;

/**
 * A client past its refusal budget is answered after this pause, as nginx's limit_req delays
 * what exceeds its rate: a client that resends at once is slowed to a request a second per
 * connection instead of spinning the server's thread on refusals.
 */
export const REFUSAL_PAUSE_MS = 1000;

/** Refusals held in their pause at once for one client; past it they are answered at once. */
export const MAX_PAUSED_REFUSALS = 32;

/**
 * Request bodies on their way in, by their declared length (a chunked body counts as the
 * largest allowed): bodies are buffered whole, so this bounds their memory. One client may
 * use half, so that it cannot keep others' answers out.
 */
export const MAX_UPLOAD_BYTES = 8 * MAX_BODY_BYTES;
export const MAX_UPLOAD_BYTES_PER_CLIENT = 4 * MAX_BODY_BYTES;

/**
 * A word of `refText` (or of a keyword) longer than any English word is refused before any
 * work: what the engine spends on a word it does not know grows with its length (a 1 MB
 * "word" took over 40 s).
 */
export const MAX_WORD_LENGTH = 50;

/** On SIGTERM, jobs in flight get this long to finish; the ones left are answered OVERLOADED. */
export const DRAIN_GRACE_MS = 10_000;

/**
 * Speaking jobs scored or waiting for a worker: twice the cores keeps every worker busy while
 * the next answers download, without a queue that grows without end.
 */
export function defaultMaxConcurrentJobs(): number {
  return 2 * availableParallelism();
}

export function audioPolicy(audioRoots: string[], blockPrivateNetworks: boolean): AudioPolicy {
  return {
    audioRoots,
    blockPrivateNetworks,
    maxBytes: MAX_AUDIO_BYTES,
    maxDurationSeconds: MAX_AUDIO_SECONDS,
    fetchTimeoutMs: AUDIO_FETCH_TIMEOUT_MS,
  };
}
