import { audioCautions } from '../src/engine/audio/cautions.js';
import { decodedSamples } from '../src/engine/audio/decode.js';
import { analyseQuality } from '../src/engine/audio/quality.js';
import type { DecodedAnswer } from '../src/engine/tasks/index.js';

/**
 * 16 kHz samples as the engine meets them after the audio check (`scoreAudioUrl` minus the
 * fetch and decode): their length and cautions, and whether the check found no speech at all.
 */
export async function checkedAnswer(
  samples: Float32Array,
): Promise<DecodedAnswer & { silent: boolean }> {
  const audio = decodedSamples(samples);
  const quality = await analyseQuality(audio);
  return { ...audio, silent: quality.silent, cautions: audioCautions(quality) };
}
