/**
 * `npx tsx bench/key-point-runtime.ts`: how long Retell Lecture takes to score a 40 s answer
 * through the public engine path (scoreAnswer), on one core: 8 answers, each a speaker's
 * speechocean762 recordings joined 0.5 s apart against a lecture of their sentences (several
 * speakers' when one has too few), as bench/retell.ts's runtime cases. Prints the real-time
 * factor, p50 and p95. Skips cleanly without ../shared/so762.
 */
import { fileURLToPath } from 'node:url';
import { quantile } from '../src/engine/evidence/statistics.js';
import { closeSpeechEngine, loadSpeechEngine, scoreAnswer } from '../src/engine/tasks/index.js';
import { corpusAvailable, readLabels } from './so762-corpus.js';
import { runtimeAnswer } from './retell-cases.js';

const SECONDS = 40;
const ANSWERS = 8;

export async function measureRuntime(): Promise<{
  rtf: number;
  p50: number;
  p95: number;
  seconds: number;
}> {
  const labels = readLabels();
  const engine = await loadSpeechEngine();
  const latencies: number[] = [];
  let audioSeconds = 0;
  for (let index = 0; index < ANSWERS; index += 1) {
    const { samples, texts } = await runtimeAnswer(labels, index, SECONDS);
    const started = performance.now();
    await scoreAnswer(
      engine,
      'rl',
      { audioUrl: '', refText: texts.join(' '), scale: 5, precision: 0.01 },
      { samples, durationSeconds: samples.length / 16000, cautions: [] },
    );
    latencies.push(performance.now() - started);
    audioSeconds += samples.length / 16000;
  }
  await closeSpeechEngine(engine);
  const total = latencies.reduce((sum, value) => sum + value, 0);
  return {
    rtf: total / 1000 / audioSeconds,
    p50: quantile(latencies, 0.5) / 1000,
    p95: quantile(latencies, 0.95) / 1000,
    seconds: audioSeconds / ANSWERS,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!corpusAvailable()) {
    console.log('key-point-runtime skipped: ../shared/so762 is not beside the repository.');
    process.exit(0);
  }
  const { rtf, p50, p95, seconds } = await measureRuntime();
  console.log(
    `${ANSWERS} answers of ${seconds.toFixed(0)} s: real-time factor ${rtf.toFixed(3)}, p50 ${p50.toFixed(2)} s, p95 ${p95.toFixed(2)} s`,
  );
}
