/**
 * Silero VAD v5 (MIT, Silero Team): a small neural voice-activity detector that tells speech
 * from music, whistles, buzz and noise (bench/vad-compare.ts: ROC area 0.995 against WebRTC's
 * 0.433). Its ONNX model ships inside the npm package @ricky0123/vad-web; the network (an STFT,
 * four convolutions, one LSTM cell) is small enough to run here in plain TypeScript from the
 * weights in that file, so no ONNX runtime is loaded: an onnxruntime-web session cost a
 * scoring worker 140–270 MB (its WebAssembly compiled), against the 380 MB a worker may use.
 * test/unit/silero.test.ts holds this to onnxruntime-web's output on the same file.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { onnxFloatConstants, type FloatTensor } from './onnx-constants.js';
import { resample } from './resample.js';
import { forDetectors, VAD_FRAME_SECONDS } from './vad.js';

/**
 * The model's 8 kHz branch (it has one for 8 and one for 16 kHz): half the work of 16 kHz per
 * second of audio, and the band the engine's acoustic model hears anyway.
 */
const SILERO_RATE = 8000;
const SOURCE_RATE = 16000;
/** The model's frame at 8 kHz, and the tail of the previous frame it is given as context. */
const FRAME_SAMPLES = 256;
const CONTEXT_SAMPLES = 32;
const SILERO_FRAME_SECONDS = FRAME_SAMPLES / SILERO_RATE;
/** Silero's usual bar: a frame is speech at this probability or above. */
const SPEECH_PROBABILITY = 0.5;
/** The STFT: 128-sample windows every 64 samples, the input reflected 32 samples at its end. */
const WINDOW = 128;
const HOP = 64;
const REFLECT = 32;
const BINS = WINDOW / 2 + 1;
const HIDDEN = 128;
/** The 8 kHz branch's constants in the exported graph. */
const PREFIX = 'If_0_else_branch__Inline_0__';

interface Conv {
  /** [out][tap][in]: each output channel's weights for one tap side by side. */
  weight: Float64Array;
  bias: Float64Array;
  inChannels: number;
  outChannels: number;
  stride: number;
}

interface SileroWeights {
  /** [2 * BINS][WINDOW]: the real rows, then the imaginary rows. */
  basis: Float64Array;
  encoder: Conv[];
  /** [4 * HIDDEN][2 * HIDDEN]: each gate's input weights, then its hidden weights. */
  gateWeights: Float64Array;
  gateBias: Float64Array;
  outWeights: Float64Array;
  outBias: number;
}

const ENCODER_STRIDES = [1, 2, 2, 1];
const KERNEL = 3;

function modelPath(): string {
  const vadWeb = createRequire(import.meta.url).resolve('@ricky0123/vad-web/package.json');
  return join(dirname(vadWeb), 'dist', 'silero_vad_v5.onnx');
}

let weights: SileroWeights | undefined;

/** The input and hidden weights side by side, so that a gate is one dot product with [x; h]. */
function joined(inputWeights: Float32Array, hiddenWeights: Float32Array): Float64Array {
  const out = new Float64Array(4 * HIDDEN * 2 * HIDDEN);
  for (let g = 0; g < 4 * HIDDEN; g += 1) {
    out.set(inputWeights.subarray(g * HIDDEN, (g + 1) * HIDDEN), g * 2 * HIDDEN);
    out.set(hiddenWeights.subarray(g * HIDDEN, (g + 1) * HIDDEN), g * 2 * HIDDEN + HIDDEN);
  }
  return out;
}

/** ONNX's [out][in][tap] reordered to [out][tap][in]. */
function tapMajor(weight: FloatTensor): Float64Array {
  const [outChannels, inChannels, kernel] = weight.dims as [number, number, number];
  const out = new Float64Array(weight.data.length);
  for (let o = 0; o < outChannels; o += 1)
    for (let c = 0; c < inChannels; c += 1)
      for (let k = 0; k < kernel; k += 1)
        out[(o * kernel + k) * inChannels + c] = weight.data[(o * inChannels + c) * kernel + k]!;
  return out;
}

/** The weights, read once per process from the model file in the installed package. */
export function sileroWeights(): SileroWeights {
  if (weights) return weights;
  const constants = onnxFloatConstants(new Uint8Array(readFileSync(modelPath())));
  const get = (name: string): FloatTensor => {
    const tensor = constants.get(PREFIX + name);
    if (!tensor) throw new Error(`Silero VAD model: no ${name}`);
    return tensor;
  };
  const biasIh = get('decoder.rnn.bias_ih').data;
  const biasHh = get('decoder.rnn.bias_hh').data;
  weights = {
    basis: Float64Array.from(get('stft.forward_basis_buffer').data),
    encoder: ENCODER_STRIDES.map((stride, index) => {
      const weight = get(`encoder.${index}.reparam_conv.weight`);
      return {
        weight: tapMajor(weight),
        bias: Float64Array.from(get(`encoder.${index}.reparam_conv.bias`).data),
        outChannels: weight.dims[0]!,
        inChannels: weight.dims[1]!,
        stride,
      };
    }),
    gateWeights: joined(get('decoder.rnn.weight_ih').data, get('decoder.rnn.weight_hh').data),
    gateBias: Float64Array.from(biasIh, (value, index) => value + biasHh[index]!),
    outWeights: Float64Array.from(get('decoder.decoder.2.weight').data),
    outBias: get('decoder.decoder.2.bias').data[0]!,
  };
  return weights;
}

/** a[aFrom ..] · b[bFrom ..] over `length` values. */
function dot(
  a: Float64Array,
  aFrom: number,
  b: Float64Array,
  bFrom: number,
  length: number,
): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  for (; i + 3 < length; i += 4) {
    s0 += a[aFrom + i]! * b[bFrom + i]!;
    s1 += a[aFrom + i + 1]! * b[bFrom + i + 1]!;
    s2 += a[aFrom + i + 2]! * b[bFrom + i + 2]!;
    s3 += a[aFrom + i + 3]! * b[bFrom + i + 3]!;
  }
  for (; i < length; i += 1) s0 += a[aFrom + i]! * b[bFrom + i]!;
  return s0 + s1 + s2 + s3;
}

/** Magnitude spectrum, [steps][BINS] flat, of the frame with its context reflected at the end. */
function spectrum(basis: Float64Array, padded: Float64Array): Float64Array {
  const steps = Math.floor((padded.length - WINDOW) / HOP) + 1;
  const out = new Float64Array(BINS * steps);
  for (let step = 0; step < steps; step += 1) {
    for (let bin = 0; bin < BINS; bin += 1) {
      const real = dot(basis, bin * WINDOW, padded, step * HOP, WINDOW);
      const imaginary = dot(basis, (bin + BINS) * WINDOW, padded, step * HOP, WINDOW);
      out[step * BINS + bin] = Math.sqrt(real * real + imaginary * imaginary);
    }
  }
  return out;
}

/** A kernel-3 convolution with padding 1, then ReLU: [steps][in] to [outSteps][out], flat. */
function convolve(conv: Conv, input: Float64Array, steps: number): Float64Array {
  const { inChannels, outChannels, stride, weight } = conv;
  const outSteps = Math.floor((steps + 2 - KERNEL) / stride) + 1;
  const out = new Float64Array(outChannels * outSteps);
  for (let t = 0; t < outSteps; t += 1) {
    for (let o = 0; o < outChannels; o += 1) {
      let sum = conv.bias[o]!;
      for (let k = 0; k < KERNEL; k += 1) {
        const at = t * stride + k - 1;
        if (at >= 0 && at < steps)
          sum += dot(weight, (o * KERNEL + k) * inChannels, input, at * inChannels, inChannels);
      }
      out[t * outChannels + o] = sum > 0 ? sum : 0;
    }
  }
  return out;
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/**
 * One LSTM step (PyTorch's gate order: input, forget, cell, output). `state` is [x; h] on the
 * way in, `cell` the cell state; both are updated in place.
 */
function lstmStep(
  model: SileroWeights,
  state: Float64Array,
  cell: Float64Array,
  gates: Float64Array,
): void {
  for (let g = 0; g < 4 * HIDDEN; g += 1)
    gates[g] = model.gateBias[g]! + dot(model.gateWeights, g * 2 * HIDDEN, state, 0, 2 * HIDDEN);
  for (let k = 0; k < HIDDEN; k += 1) {
    const input = sigmoid(gates[k]!);
    const forget = sigmoid(gates[HIDDEN + k]!);
    const candidate = Math.tanh(gates[2 * HIDDEN + k]!);
    const output = sigmoid(gates[3 * HIDDEN + k]!);
    cell[k] = forget * cell[k]! + input * candidate;
    state[HIDDEN + k] = output * Math.tanh(cell[k]!);
  }
}

/** Silero's probability of speech for each 32 ms frame of 16 kHz audio. */
export function speechProbabilities(samples: Float32Array): number[] {
  const model = sileroWeights();
  const band = resample(samples, SOURCE_RATE, SILERO_RATE);
  /** [x; h]: the encoder's output for the step, then the LSTM's hidden state. */
  const state = new Float64Array(2 * HIDDEN);
  const cell = new Float64Array(HIDDEN);
  const gates = new Float64Array(4 * HIDDEN);
  const inputLength = CONTEXT_SAMPLES + FRAME_SAMPLES;
  const padded = new Float64Array(inputLength + REFLECT);
  const probabilities: number[] = [];
  for (let start = 0; start + FRAME_SAMPLES <= band.length; start += FRAME_SAMPLES) {
    for (let i = 0; i < inputLength; i += 1) {
      const at = start - CONTEXT_SAMPLES + i;
      padded[i] = at >= 0 ? band[at]! : 0;
    }
    for (let i = 0; i < REFLECT; i += 1) padded[inputLength + i] = padded[inputLength - 2 - i]!;
    let features = spectrum(model.basis, padded);
    let steps = features.length / BINS;
    for (const conv of model.encoder) {
      features = convolve(conv, features, steps);
      steps = features.length / conv.outChannels;
    }
    let sum = 0;
    for (let t = 0; t < steps; t += 1) {
      state.set(features.subarray(t * HIDDEN, (t + 1) * HIDDEN));
      lstmStep(model, state, cell, gates);
      let logit = model.outBias;
      for (let k = 0; k < HIDDEN; k += 1) {
        const h = state[HIDDEN + k]!;
        if (h > 0) logit += model.outWeights[k]! * h;
      }
      sum += sigmoid(logit);
    }
    probabilities.push(sum / steps);
  }
  return probabilities;
}

/**
 * Per VAD frame (30 ms; `levels` from vad.ts's frameLevels): is it speech, by Silero's
 * probability at that moment (a quiet recording lifted first), never in a frame under the speech
 * floor (vad.ts's forDetectors).
 */
export function sileroSpeechFrames(samples: Float32Array, levels: readonly number[]): boolean[] {
  const heard = forDetectors(samples, levels);
  const probabilities = speechProbabilities(heard.samples);
  return levels.map((level, frame) => {
    const at = Math.floor(((frame + 0.5) * VAD_FRAME_SECONDS) / SILERO_FRAME_SECONDS);
    const probability = probabilities[Math.min(at, probabilities.length - 1)] ?? 0;
    return probability >= SPEECH_PROBABILITY && level > heard.floorDbfs;
  });
}
