/**
 * What an answer's recording must prove before the app calls it saved: its kept file lasts as
 * long as the time recorded, give or take this much (the recorder's start-up and last frame).
 */
export const RECORDED_LENGTH_TOLERANCE_MS = 500;

/** The longest answer the scoring service takes (the contract's limit): free recording stops here. */
export const MAX_ANSWER_SECONDS = 180;

/**
 * Why a kept recording is not the answer recorded, in the examiner's words (what to do next
 * is the caller's to say); null when it is.
 */
export function recordedLengthProblem(recordedMs: number, keptMs: number | null): string | null {
  if (keptMs === null) {
    return 'The recording cannot be read: the answer was not kept.';
  }
  if (Math.abs(keptMs - recordedMs) <= RECORDED_LENGTH_TOLERANCE_MS) return null;
  return (
    `The recording lasts ${seconds(keptMs)} but ${seconds(recordedMs)} were recorded: ` +
    'part of the answer is missing.'
  );
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The detail of the error that refuses such a recording, so that the app offers a new one. */
export const RECORDING_NOT_WHOLE = 'recording-not-whole';
