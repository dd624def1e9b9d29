import { recordedLengthProblem } from '../../../shared/recorded-length';
import type { Recording } from './microphone';

/**
 * Proof that a recording holds the answer before the app calls it saved: the file decodes,
 * and it lasts as long as the time recorded. Returns what is wrong (without what to do about
 * it, which depends on where the recording was made), or null.
 */
export async function checkRecording(recording: Recording): Promise<string | null> {
  const decodedMs = await decodedLengthMs(recording.blob);
  return recordedLengthProblem(recording.durationMs, decodedMs);
}

/** The length of the audio the browser decodes from the file, or null when it cannot. */
export async function decodedLengthMs(blob: Blob): Promise<number | null> {
  if (blob.size === 0) return null;
  // Decoding resamples to this context's rate, which leaves the length as it is.
  const context = new OfflineAudioContext(1, 1, 16000);
  try {
    const audio = await context.decodeAudioData(await blob.arrayBuffer());
    return audio.duration * 1000;
  } catch {
    return null;
  }
}
