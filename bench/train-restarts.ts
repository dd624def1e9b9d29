/**
 * Restarts built from the corpus-train speakers' readings exactly as `npm run bench:so762 --
 * --users` builds its restart family from the test speakers (bench/so762-user-cases.ts: the
 * first two words, 0.7 s of room noise, the whole reading), so that a change to how restarts
 * are heard can be judged without looking at the held-out speakers. Each restart and its clean
 * reading are scored as Repeat Sentence (scale 5) with the shipped engine; the figure is issue
 * 19's: pronunciation within 0.5 of the clean reading's.
 * Needs the cached analyses of the corpus (`npx tsx bench/so762-analyses.ts`), whose heard words
 * time the false start.
 * Usage: npx tsx bench/train-restarts.ts [count] (default 80)
 */
import {
  closeSpeechEngine,
  loadSpeechEngine,
  scoreAnswer,
  type SpeakingResult,
  type SpeechEngine,
} from '../src/engine/tasks/index.js';
import { seededRandom, shuffled } from '../scripts/seeded-random.js';
import { checkedAnswer } from './checked-answer.js';
import { readCachedAnalyses } from './so762-analyses.js';
import { exitUnlessCorpus, readLabels, speakerOf, type Label } from './so762-corpus.js';
import { isTestSpeaker } from './so762-split.js';
import { corpusSamples, restartMs, restartSamples, seedOf, wordTimes } from './so762-user-cases.js';

exitUnlessCorpus('train-restarts');
const count = Number(process.argv[2] ?? 80);

async function score(engine: SpeechEngine, samples: Float32Array, label: Label) {
  const result: SpeakingResult = await scoreAnswer(
    engine,
    'rs',
    { audioUrl: 'file:///bench', refText: label.text, scale: 5, precision: 0.1 },
    await checkedAnswer(samples),
  );
  const component = (name: string): number =>
    result.components.find((item) => item.name === name)?.score ?? 0;
  return {
    pronunciation: component('score_pronunciation'),
    inserted: result.words.filter((word) => word.label === 'Inserted').length,
  };
}

const analyses = readCachedAnalyses();
const labels = shuffled(
  readLabels().filter(
    (label) => !isTestSpeaker(speakerOf(label.id)) && label.text.split(' ').length >= 4,
  ),
  seededRandom(seedOf('train-restarts')),
).slice(0, count);
const engine = await loadSpeechEngine();
const counts = { restarts: 0, within: 0, inserted: 0 };
for (const label of labels) {
  const full = analyses.get(`real:${label.id}`);
  const second = full ? wordTimes(full).get(1) : undefined;
  if (!second) continue;
  const samples = await corpusSamples(label.id);
  const clean = await score(engine, samples, label);
  const restart = await score(engine, restartSamples(samples, restartMs(second)), label);
  const difference = restart.pronunciation - clean.pronunciation;
  counts.restarts += 1;
  if (Math.abs(difference) <= 0.5) counts.within += 1;
  else console.log(`${label.id} ${label.text} | pronunciation ${difference.toFixed(1)}`);
  if (restart.inserted > 0) counts.inserted += 1;
}
await closeSpeechEngine(engine);
console.log(
  `${counts.restarts} restarts of corpus-train readings: pronunciation within 0.5 of the clean reading in ${counts.within}; false start shown Inserted in ${counts.inserted}.`,
);
