import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { audioCautions } from '../src/engine/audio/cautions.js';
import { decodeAudio } from '../src/engine/audio/decode.js';
import { analyseQuality } from '../src/engine/audio/quality.js';
import { closeSpeechEngine, scoreAnswer, loadSpeechEngine } from '../src/engine/tasks/index.js';
import { quantile } from '../src/engine/evidence/statistics.js';
import { SO762_DIR, type Label } from './so762-corpus.js';

export interface RuntimeFigures {
  utterances: number;
  audioSeconds: number;
  rtf: number;
  /** The audio check alone (Silero VAD, levels, noise): its share of the real-time factor. */
  checkRtf: number;
  p50Ms: number;
  p95Ms: number;
  modelLoadMs: number;
  peakRssMb: number;
}

/**
 * Times the full path (decode WAV, the audio check, recognise, align, score) on every
 * `stride`-th utterance.
 */
export async function measureRuntime(
  labels: readonly Label[],
  stride: number,
): Promise<RuntimeFigures> {
  let peakRss = process.memoryUsage().rss;
  const loadStarted = performance.now();
  const engine = await loadSpeechEngine();
  const modelLoadMs = performance.now() - loadStarted;
  const latencies: number[] = [];
  let audioSeconds = 0;
  let checkMs = 0;
  for (const label of labels.filter((_, index) => index % stride === 0)) {
    const bytes = new Uint8Array(await readFile(join(SO762_DIR, 'audio', `${label.id}.wav`)));
    const started = performance.now();
    const audio = await decodeAudio(bytes);
    const checkStarted = performance.now();
    const cautions = audioCautions(await analyseQuality(audio));
    checkMs += performance.now() - checkStarted;
    const request = { audioUrl: 'file:', refText: label.text, scale: 5, precision: 0.1 };
    await scoreAnswer(engine, 'rs', request, { ...audio, cautions });
    latencies.push(performance.now() - started);
    audioSeconds += audio.durationSeconds;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  await closeSpeechEngine(engine);
  const totalMs = latencies.reduce((sum, value) => sum + value, 0);
  return {
    utterances: latencies.length,
    audioSeconds,
    rtf: totalMs / 1000 / audioSeconds,
    checkRtf: checkMs / 1000 / audioSeconds,
    p50Ms: quantile(latencies, 0.5),
    p95Ms: quantile(latencies, 0.95),
    modelLoadMs,
    peakRssMb: peakRss / 2 ** 20,
  };
}
