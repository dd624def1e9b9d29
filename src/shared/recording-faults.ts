/**
 * Scoring failures that lie in the recording itself, in the examiner's words (the scoring
 * client says them; the app recognises them): sending the same recording again cannot help,
 * so the app offers to record the answer again, or to count it as no answer.
 */
export const RECORDING_FAULT_MESSAGES = {
  AUDIO_UNREADABLE: 'The recording could not be read. Record the answer again.',
  AUDIO_TOO_LONG: 'The recording is too long for the scoring service.',
  NO_SPEECH: 'No speech was heard in the recording.',
  PAYLOAD_TOO_LARGE: 'The recording is too large for the scoring service.',
} as const;

const FAULTS = new Set<string>(Object.values(RECORDING_FAULT_MESSAGES));

export function isRecordingFault(errorMessage: string | null): boolean {
  return errorMessage !== null && FAULTS.has(errorMessage);
}
