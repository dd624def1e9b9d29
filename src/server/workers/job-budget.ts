/**
 * How long one scoring job may run in a worker. Until its audio is decoded only the cap
 * applies (fetching has its own 20 s timeout); once the length is known, decoding and scoring
 * get a fixed allowance plus time proportional to the audio, never past the cap.
 */
export interface JobBudget {
  /** Allowance for any answer, whatever its length. */
  baseMs: number;
  /** Milliseconds per second of audio: 1000 is a real-time factor of 1. */
  perAudioSecondMs: number;
  /** No job runs longer than this from the moment a worker takes it. */
  capMs: number;
}

/**
 * A real-time factor of 1 is eleven times the engine's measured 0.09, room for a loaded
 * machine; the cap keeps the worst request within a load balancer's usual 60 s.
 */
export const DEFAULT_JOB_BUDGET: JobBudget = {
  baseMs: 5_000,
  perAudioSecondMs: 1_000,
  capMs: 45_000,
};

export interface Deadline {
  /** Milliseconds from the job's start. */
  atMs: number;
  /** What the client is told when the job is stopped there. */
  reason: string;
}

const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`;

/** When a job is stopped, given its audio's length and when it was decoded, if known. */
export function jobDeadline(budget: JobBudget, audioSeconds?: number, decodedAtMs = 0): Deadline {
  const cap = {
    atMs: budget.capMs,
    reason: `scoring was stopped at the limit of ${seconds(budget.capMs)} per answer`,
  };
  if (audioSeconds === undefined) return cap;
  const allowanceMs = budget.baseMs + budget.perAudioSecondMs * audioSeconds;
  if (decodedAtMs + allowanceMs >= budget.capMs) return cap;
  return {
    atMs: decodedAtMs + allowanceMs,
    reason:
      `scoring ${seconds(audioSeconds * 1000)} of audio was stopped ${seconds(allowanceMs)} ` +
      'after it was decoded, the time allowed for it',
  };
}
