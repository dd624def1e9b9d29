import type { AudioQuality } from './quality.js';

/** What about the recording makes a score less reliable; each becomes a caution (status 1). */
export type AudioCaution = 'clipped' | 'noisy';

/** What about the recording's quality the scores must warn of. */
export function audioCautions(quality: AudioQuality): AudioCaution[] {
  return [
    ...(quality.clipped ? (['clipped'] as const) : []),
    ...(quality.noisy ? (['noisy'] as const) : []),
  ];
}
