/**
 * The engine runs Silero VAD v5 itself from the weights in the package's ONNX file
 * (src/engine/audio/silero.ts). onnxruntime-web (a devDependency) runs the same file as the
 * reference: the two must give the same probabilities on real speech and on non-speech.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as ort from 'onnxruntime-web';
import { describe, expect, it } from 'vitest';
import { decodeAudio } from '../../src/engine/audio/decode.js';
import { resample } from '../../src/engine/audio/resample.js';
import { speechProbabilities } from '../../src/engine/audio/silero.js';
import {
  missingToolsReason,
  synthesizeSpeech,
  synthesizedNoise,
} from '../helpers/speech-fixtures.js';

const MODEL = join(
  dirname(createRequire(import.meta.url).resolve('@ricky0123/vad-web/package.json')),
  'dist/silero_vad_v5.onnx',
);

/** Silero's own recipe on its 8 kHz branch: 256-sample frames, 32 samples of context. */
async function referenceProbabilities(samples: Float32Array): Promise<number[]> {
  ort.env.wasm.numThreads = 1;
  const session = await ort.InferenceSession.create(readFileSync(MODEL));
  const band = resample(samples, 16000, 8000);
  const rate = new ort.Tensor('int64', BigInt64Array.from([8000n]), []);
  let state: ort.Tensor = new ort.Tensor('float32', new Float32Array(256), [2, 1, 128]);
  const out: number[] = [];
  for (let start = 0; start + 256 <= band.length; start += 256) {
    const input = new Float32Array(288);
    if (start > 0) input.set(band.subarray(start - 32, start));
    input.set(band.subarray(start, start + 256), 32);
    const result = await session.run({
      input: new ort.Tensor('float32', input, [1, 288]),
      state,
      sr: rate,
    });
    state = result.stateN as ort.Tensor;
    out.push((result.output!.data as Float32Array)[0]!);
  }
  await session.release();
  return out;
}

describe.skipIf(missingToolsReason())('Silero VAD run by the engine', () => {
  it.each([
    [
      'an espeak-ng sentence',
      () => synthesizeSpeech('The library opens at nine on Saturday mornings.'),
    ],
    ['a buzz', () => synthesizedNoise('buzz')],
  ])(
    'matches onnxruntime-web on %s',
    async (_, make) => {
      const { samples } = await decodeAudio(await make());
      const engine = speechProbabilities(samples);
      const reference = await referenceProbabilities(samples);
      expect(engine).toHaveLength(reference.length);
      const worst = Math.max(...engine.map((p, i) => Math.abs(p - reference[i]!)));
      expect(worst).toBeLessThan(1e-4);
    },
    60_000,
  );

  it('hears the sentence as speech and the buzz as none', async () => {
    const speech = speechProbabilities(
      (await decodeAudio(await synthesizeSpeech('The library opens at nine on Saturday mornings.')))
        .samples,
    );
    const buzz = speechProbabilities((await decodeAudio(await synthesizedNoise('buzz'))).samples);
    expect(speech.filter((p) => p >= 0.5).length).toBeGreaterThan(speech.length / 2);
    expect(buzz.filter((p) => p >= 0.5).length).toBeLessThan(buzz.length / 10);
  });
});
