/**
 * Silero VAD v5 (MIT, Silero Team): a small neural voice-activity detector that tells speech
 * from music, whistles, buzz and noise (bench/vad-compare.ts: ROC area 0.995, WebRTC's 0.433).
 * The model ships inside the npm package @ricky0123/vad-web and runs on onnxruntime-web's
 * WebAssembly backend, one thread, in whatever Node process the engine is in: nothing is
 * downloaded, and no native addon has to match the platform.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as ort from 'onnxruntime-web';
import { resample } from './resample.js';
import { SPEECH_FLOOR_DBFS, VAD_FRAME_SECONDS } from './vad.js';

/**
 * The model runs on the 8 kHz band (it is trained for 8 and 16 kHz): half the cost of 16 kHz
 * per second of audio, and the band the engine's acoustic model hears anyway.
 */
const SILERO_RATE = 8000;
const SOURCE_RATE = 16000;
/** The model's frame at 8 kHz, and the tail of the previous frame it is given as context. */
const FRAME_SAMPLES = 256;
const CONTEXT_SAMPLES = 32;
const SILERO_FRAME_SECONDS = FRAME_SAMPLES / SILERO_RATE;
/** Silero's usual bar: a frame is speech at this probability or above. */
const SPEECH_PROBABILITY = 0.5;
const STATE_SIZE = 2 * 128;

const resolve = (name: string): string => createRequire(import.meta.url).resolve(name);

let session: Promise<ort.InferenceSession> | undefined;

/** The ONNX session, created once per process (the WebAssembly runtime is compiled then). */
export function sileroSession(): Promise<ort.InferenceSession> {
  session ??= (async () => {
    ort.env.wasm.numThreads = 1;
    ort.env.logLevel = 'error';
    // Read here rather than by the runtime itself, so that it also loads from an asar archive.
    ort.env.wasm.wasmBinary = readFileSync(
      join(dirname(resolve('onnxruntime-web')), 'ort-wasm-simd-threaded.wasm'),
    );
    return ort.InferenceSession.create(
      readFileSync(
        join(dirname(resolve('@ricky0123/vad-web/package.json')), 'dist/silero_vad_v5.onnx'),
      ),
    );
  })();
  return session;
}

/** Silero's probability of speech for each 32 ms frame of 16 kHz audio. */
export async function speechProbabilities(samples: Float32Array): Promise<number[]> {
  const model = await sileroSession();
  const band = resample(samples, SOURCE_RATE, SILERO_RATE);
  const sampleRate = new ort.Tensor('int64', BigInt64Array.from([BigInt(SILERO_RATE)]), []);
  let state: ort.Tensor = new ort.Tensor('float32', new Float32Array(STATE_SIZE), [2, 1, 128]);
  const probabilities: number[] = [];
  const input = new Float32Array(CONTEXT_SAMPLES + FRAME_SAMPLES);
  for (let start = 0; start + FRAME_SAMPLES <= band.length; start += FRAME_SAMPLES) {
    input.fill(0, 0, CONTEXT_SAMPLES);
    if (start > 0) input.set(band.subarray(start - CONTEXT_SAMPLES, start));
    input.set(band.subarray(start, start + FRAME_SAMPLES), CONTEXT_SAMPLES);
    const output = await model.run({
      input: new ort.Tensor('float32', input.slice(), [1, input.length]),
      state,
      sr: sampleRate,
    });
    state = output.stateN as ort.Tensor;
    probabilities.push((output.output!.data as Float32Array)[0]!);
  }
  return probabilities;
}

/**
 * Per VAD frame (30 ms; `levels` from vad.ts's frameLevels): is it speech, by Silero's
 * probability at that moment, never in a frame quieter than the speech floor.
 */
export async function sileroSpeechFrames(
  samples: Float32Array,
  levels: readonly number[],
): Promise<boolean[]> {
  const probabilities = await speechProbabilities(samples);
  return levels.map((level, frame) => {
    const at = Math.floor(((frame + 0.5) * VAD_FRAME_SECONDS) / SILERO_FRAME_SECONDS);
    const probability = probabilities[Math.min(at, probabilities.length - 1)] ?? 0;
    return probability >= SPEECH_PROBABILITY && level > SPEECH_FLOOR_DBFS;
  });
}
