import type { AudioPolicy } from './policy.js';
import { decodeAudio, type DecodedAudio } from './decode.js';
import { fetchAudio } from './fetch.js';
import { analyseQuality, assertScorable, type AudioQuality } from './quality.js';

export type { DecodedAudio } from './decode.js';
export type { AudioQuality } from './quality.js';
export { decodeAudio, TARGET_SAMPLE_RATE } from './decode.js';
export { fetchAudio } from './fetch.js';
export { analyseQuality, assertScorable } from './quality.js';

export interface LoadedAudio {
  audio: DecodedAudio;
  quality: AudioQuality;
}

/**
 * Fetches, decodes and checks the learner's audio. Silent audio is refused here with NO_SPEECH;
 * clipping is only reported (`quality.clipped`) for the scorer to turn into a caution.
 */
export async function loadAudio(
  url: string,
  policy: AudioPolicy,
  signal?: AbortSignal,
): Promise<LoadedAudio> {
  const bytes = await fetchAudio(url, policy, signal);
  signal?.throwIfAborted();
  const audio = await decodeAudio(bytes, { maxDurationSeconds: policy.maxDurationSeconds });
  const quality = await analyseQuality(audio);
  assertScorable(quality);
  return { audio, quality };
}
