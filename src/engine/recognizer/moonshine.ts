/**
 * Moonshine tiny (Useful Sensors' English speech recogniser, MIT; its quantized ONNX encoder and
 * decoder ship inside the npm package @moonshine-ai/moonshine-js, so nothing is downloaded), run
 * with onnxruntime-web's WebAssembly backend on one thread. The engine does not let it
 * transcribe: it reads the reference to the decoder (teacher forcing), which says how likely
 * each token is given the audio and the tokens before it. A neural model trained on far more
 * speech than soundswallower's GMMs, it tells a word the learner said from one put in its place
 * (evidence/neural-reading.ts).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import llamaTokenizer from 'llama-tokenizer-js';
import * as ort from 'onnxruntime-web';

/** The decoder's start token (the tokenizer's BOS), as the package's model.ts starts it. */
const START_TOKEN = 1;
/** Tiny's decoder: 6 layers of 8 key-value heads of width 36 (the package's model.ts). */
const LAYERS = 6;
const KV_HEADS = 8;
const HEAD_WIDTH = 36;

/** The silence the words are also read against: a second of zeros. */
const SILENCE_SAMPLES = 16000;

export interface Moonshine {
  encoder: ort.InferenceSession;
  decoder: ort.InferenceSession;
  /** The encoder's output for SILENCE_SAMPLES of zeros, encoded once. */
  silence: ort.Tensor;
}

function modelFolder(): string {
  const entry = fileURLToPath(import.meta.resolve('@moonshine-ai/moonshine-js'));
  return join(dirname(entry), 'model', 'tiny', 'quantized');
}

export async function loadMoonshine(): Promise<Moonshine> {
  ort.env.wasm.numThreads = 1;
  const options = { executionProviders: ['wasm'] };
  const folder = modelFolder();
  const encoder = await ort.InferenceSession.create(join(folder, 'encoder_model.onnx'), options);
  const decoder = await ort.InferenceSession.create(
    join(folder, 'decoder_model_merged.onnx'),
    options,
  );
  return { encoder, decoder, silence: await encode(encoder, new Float32Array(SILENCE_SAMPLES)) };
}

async function encode(encoder: ort.InferenceSession, samples: Float32Array): Promise<ort.Tensor> {
  const encoded = await encoder.run({
    input_values: new ort.Tensor('float32', samples, [1, samples.length]),
  });
  return encoded.last_hidden_state!;
}

export async function closeMoonshine(model: Moonshine): Promise<void> {
  await model.encoder.release();
  await model.decoder.release();
}

/** The merged decoder's cache inputs, empty: the whole sentence goes in one call. */
function emptyCache(): Record<string, ort.Tensor> {
  const cache: Record<string, ort.Tensor> = {};
  for (let layer = 0; layer < LAYERS; layer++)
    for (const side of ['decoder', 'encoder'])
      for (const part of ['key', 'value'])
        cache[`past_key_values.${layer}.${side}.${part}`] = new ort.Tensor(
          'float32',
          new Float32Array(0),
          [0, KV_HEADS, 1, HEAD_WIDTH],
        );
  return cache;
}

/** The tokens of each word as the sentence would be written: the first capitalised. */
function wordTokens(words: readonly string[]): number[][] {
  return words.map((word, index) => {
    const lower = word.toLowerCase();
    const written = index === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    return llamaTokenizer.encode(written, false, true, false);
  });
}

/** Natural log of softmax(`logits`) over the row starting at `offset`, as a lookup by token. */
function logSoftmax(logits: Float32Array, offset: number, size: number): (token: number) => number {
  let max = -Infinity;
  for (let v = 0; v < size; v++) max = Math.max(max, logits[offset + v]!);
  let sum = 0;
  for (let v = 0; v < size; v++) sum += Math.exp(logits[offset + v]! - max);
  const norm = max + Math.log(sum);
  return (token) => logits[offset + token]! - norm;
}

/** The tokenizer's end of text (EOS), and the marks a transcript's last sentence closes with. */
const END_TOKEN = 2;
const CLOSING_MARKS = ['.', '?', '!'].map((mark) =>
  llamaTokenizer.encode(`a${mark}`, false, false, false).at(-1)!,
);

/** A word of a wording, read after the words before it. */
export interface ReadWord {
  /** Its tokens' log-probability. */
  logProbability: number;
  /**
   * After it, the log-probability that the transcript ends: the end token, or a closing mark
   * (which more words may follow, so this bounds the end from above; endAfter weighs it exactly).
   */
  endBound: number;
  /** After it, the log-probability of the next word's first token (0 after the last word). */
  next: number;
}

/** The decoder's log-softmax after each of `ids`, over `encoded`, in one call. */
async function decode(
  model: Moonshine,
  encoded: ort.Tensor,
  ids: readonly number[],
): Promise<Array<(token: number) => number>> {
  const decoded = await model.decoder.run({
    input_ids: new ort.Tensor('int64', BigInt64Array.from(ids.map(BigInt)), [1, ids.length]),
    encoder_hidden_states: encoded,
    use_cache_branch: new ort.Tensor('bool', [false]),
    ...emptyCache(),
  });
  const logits = decoded.logits!.data as Float32Array;
  const size = decoded.logits!.dims[2]!;
  return ids.map((_, position) => logSoftmax(logits, size * position, size));
}

/** Each word of `words` read in order over `encoded` (teacher forcing). */
async function readWords(
  model: Moonshine,
  encoded: ort.Tensor,
  words: readonly string[],
): Promise<ReadWord[]> {
  const pieces = wordTokens(words);
  const after = await decode(model, encoded, [START_TOKEN, ...pieces.flat()]);
  let position = 0;
  return pieces.map((tokens, index) => {
    const logProbability = tokens.reduce((sum, token) => sum + after[position++]!(token), 0);
    const next = after[position]!;
    const ends = [END_TOKEN, ...CLOSING_MARKS].map((token) => Math.exp(next(token)));
    return {
      logProbability,
      endBound: Math.log(ends.reduce((sum, share) => sum + share, 0)),
      next: index + 1 < pieces.length ? next(pieces[index + 1]![0]!) : 0,
    };
  });
}

/**
 * The log-probability that the transcript of `encoded` is `words` and ends there: the end token
 * straight after them, or a closing mark and then the end token.
 */
async function endAfter(
  model: Moonshine,
  encoded: ort.Tensor,
  words: readonly string[],
): Promise<number> {
  const ids = [START_TOKEN, ...wordTokens(words).flat()];
  const after = (await decode(model, encoded, ids)).at(-1)!;
  let share = Math.exp(after(END_TOKEN));
  for (const mark of CLOSING_MARKS) {
    const closed = (await decode(model, encoded, [...ids, mark])).at(-1)!;
    share += Math.exp(after(mark) + closed(END_TOKEN));
  }
  return Math.log(share);
}

/** An answer encoded once, to be read against wordings of the reference. */
export interface AnswerReading {
  /**
   * Each word of a wording read in order. A word the audio does not hold gets a low
   * log-probability, whatever the words around it.
   */
  read: (words: readonly string[]) => Promise<ReadWord[]>;
  /** The log-probability that the answer is `words` and nothing more (endAfter). */
  endAfter: (words: readonly string[]) => Promise<number>;
}

/**
 * `samples` (16 kHz) encoded once, to be read against wordings of the reference. A wording is
 * decoded once: the supports and the end both read the reference's own.
 */
export async function encodeAnswer(
  model: Moonshine,
  samples: Float32Array,
): Promise<AnswerReading> {
  const encoded = await encode(model.encoder, samples);
  const wordings = new Map<string, Promise<ReadWord[]>>();
  return {
    read: (words) => {
      const key = words.join(' ');
      const read = wordings.get(key) ?? readWords(model, encoded, words);
      wordings.set(key, read);
      return read;
    },
    endAfter: (words) => endAfter(model, encoded, words),
  };
}

/** Per word of `words`: its log-probability read in order over `samples`. */
export async function wordLogProbabilities(
  model: Moonshine,
  samples: Float32Array,
  words: readonly string[],
): Promise<number[]> {
  return logProbabilities(await (await encodeAnswer(model, samples)).read(words));
}

/** The words' log-probabilities alone. */
export function logProbabilities(read: readonly ReadWord[]): number[] {
  return read.map((word) => word.logProbability);
}

/**
 * Per word of `words`: its log-probability read over silence, which is what the decoder expects
 * from the words before it alone. A name or an odd turn of phrase gets a low one.
 */
export async function expectedLogProbabilities(
  model: Moonshine,
  words: readonly string[],
): Promise<number[]> {
  return logProbabilities(await readWords(model, model.silence, words));
}
