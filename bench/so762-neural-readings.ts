/**
 * Moonshine's reading of every case's reference against its voice (evidence/neural-reading.ts,
 * readableVoice; whatever the case's length: the engine's cap, isReadable, is applied where the
 * reading is used), cached in
 * .tmp/so762-moonshine/<its fingerprint> like the analyses, and taken by several processes at
 * once, each its shard: `tsx bench/so762-neural-readings.ts 0/2` and `… 1/2`.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  supportsLeavingOutUnsaid,
  wordingReader,
  endStrengths,
  readableVoice,
  writtenWords,
} from '../src/engine/evidence/neural-reading.js';
import {
  closeMoonshine,
  encodeAnswer,
  loadMoonshine,
  type Moonshine,
} from '../src/engine/recognizer/moonshine.js';
import { tokenize } from '../src/engine/text/words.js';
import { WHOLE, type Shard } from './command-line.js';
import { neuralReadingFingerprint } from './fingerprint.js';
import { buildCases, caseAudio, CASE_KINDS, type Case } from './so762-cases.js';
import { readLabels } from './so762-corpus.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SHARDS = 8;

/**
 * A case's words' supports: read once in the reference's wording (what the bar is set on,
 * bench/so762-neural-bar.ts), and as the engine reads them (supportsLeavingOutUnsaid); and the
 * strength of the answer's end after each word (endStrengths, worked out down to END_FLOOR, so
 * that bench/so762-end-bar.ts can set the end's bar from the cache).
 */
export interface NeuralReading {
  first: number[];
  supports: number[];
  ends: number[];
}

/** The weakest end worked out: well under any bar the fit could choose. */
export const END_FLOOR = -8;

interface NeuralRow extends Omit<NeuralReading, 'ends'> {
  id: string;
  /** JSON writes -Infinity (no end there) as null. */
  ends: Array<number | null>;
}

function cacheFile(shard: number): string {
  return join(
    ROOT,
    '.tmp',
    'so762-moonshine',
    neuralReadingFingerprint(),
    `readings-${shard}.jsonl`,
  );
}

export function readCachedReadings(): Map<string, NeuralReading> {
  const rows = new Map<string, NeuralReading>();
  for (let shard = 0; shard < SHARDS; shard += 1) {
    const file = cacheFile(shard);
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line === '') continue;
      const [id, reading] = parsedRow(line);
      rows.set(id, reading);
    }
  }
  return rows;
}

function parsedRow(line: string): [string, NeuralReading] {
  const row = JSON.parse(line) as NeuralRow;
  const ends = row.ends.map((strength) => strength ?? -Infinity);
  return [row.id, { first: row.first, supports: row.supports, ends }];
}

/** Each case's reading, read where the cache lacks it (this shard's). */
export async function neuralReadings(
  cases: readonly Case[],
  shard: Shard = WHOLE,
  log: (line: string) => void = () => undefined,
): Promise<Map<string, NeuralReading>> {
  const cache = readCachedReadings();
  const missing = cases.filter(
    (item, index) => !cache.has(item.id) && index % shard.count === shard.index,
  );
  if (missing.length === 0) return cache;
  mkdirSync(dirname(cacheFile(shard.index)), { recursive: true });
  const model = await loadMoonshine();
  for (const [index, item] of missing.entries()) {
    const reading = await readCase(model, readableVoice(await caseAudio(item)), item.text);
    appendFileSync(cacheFile(shard.index), `${JSON.stringify({ id: item.id, ...reading })}\n`);
    cache.set(item.id, reading);
    if (index % 200 === 0) log(`read ${index + 1}/${missing.length} with Moonshine`);
  }
  await closeMoonshine(model);
  return cache;
}

async function readCase(
  model: Moonshine,
  voice: Float32Array,
  text: string,
): Promise<NeuralReading> {
  const words = writtenWords(tokenize(text));
  const answer = await encodeAnswer(model, voice);
  const read = wordingReader(model, answer);
  return {
    first: await read(words),
    supports: await supportsLeavingOutUnsaid(read, words),
    ends: await endStrengths(answer, words, END_FLOOR),
  };
}

/**
 * Each case's reading as the engine reads it (tasks/repeat-sentence.ts): where the first model's
 * analysis found a false start (`fromFrames`, readingFrame), read again after it. Those readings
 * are cached apart, by case and frame.
 */
export async function readingsAsRead(
  cases: readonly Case[],
  readings: ReadonlyMap<string, NeuralReading>,
  fromFrames: ReadonlyMap<string, number>,
  cachedOnly: boolean,
): Promise<Map<string, NeuralReading>> {
  const file = join(dirname(cacheFile(0)), 'after-false-start.jsonl');
  const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n') : [];
  const after = new Map(lines.filter((line) => line !== '').map(parsedRow));
  const key = (item: Case): string => `${item.id}@${fromFrames.get(item.id) ?? 0}`;
  const todo = cases.filter((item) => (fromFrames.get(item.id) ?? 0) > 0 && !after.has(key(item)));
  if (todo.length > 0 && !cachedOnly) {
    const model = await loadMoonshine();
    for (const item of todo) {
      const voice = readableVoice(await caseAudio(item), fromFrames.get(item.id)!);
      const reading = await readCase(model, voice, item.text);
      appendFileSync(file, `${JSON.stringify({ id: key(item), ...reading })}\n`);
      after.set(key(item), reading);
    }
    await closeMoonshine(model);
  }
  return new Map(
    cases.flatMap((item): Array<[string, NeuralReading]> => {
      const reading =
        (fromFrames.get(item.id) ?? 0) > 0 ? after.get(key(item)) : readings.get(item.id);
      return reading ? [[item.id, reading]] : [];
    }),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [index, count] = (process.argv[2] ?? '0/1').split('/').map(Number);
  await neuralReadings(
    buildCases(readLabels(), CASE_KINDS),
    {
      index: index ?? 0,
      count: count ?? 1,
    },
    console.log,
  );
}
