/**
 * How long one scoring job may run in a worker. Until its audio is decoded only the hard cap
 * applies (fetching has its own 20 s timeout); once the length is known, the job gets a fixed
 * allowance plus time proportional to the audio, never past the cap.
 */
export interface JobBudget {
  /** Allowance for any job, whatever its length. */
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

/** Milliseconds from the job's start at which it is stopped, given its audio length if known. */
export function jobDeadlineMs(budget: JobBudget, audioSeconds?: number, decodedAtMs = 0): number {
  if (audioSeconds === undefined) return budget.capMs;
  const proportional = decodedAtMs + budget.baseMs + budget.perAudioSecondMs * audioSeconds;
  return Math.min(budget.capMs, proportional);
}

export function describeBudget(budgetMs: number, audioSeconds: number | undefined): string {
  const limit = `${(budgetMs / 1000).toFixed(1)} s`;
  return audioSeconds === undefined
    ? `scoring was stopped after ${limit}, before its audio was decoded`
    : `scoring ${audioSeconds.toFixed(1)} s of audio was stopped after ${limit}, the time allowed for it`;
}
