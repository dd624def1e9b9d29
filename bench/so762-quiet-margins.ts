/**
 * The quiet around speechocean762's readings: how long it lasts before the first heard word and
 * after the last, and how it goes with the experts' marks, for all speakers, the corpus-train
 * and the corpus-test ones. The quiet is the recorder's, not the speech's: an engine that reads
 * it (as batch CMN made it read it until the quiet was trimmed before the decode, docs/engine.md
 * step 2) marks candidates for how they were recorded.
 * Usage: npx tsx bench/so762-quiet-margins.ts (needs the analysis cache of `npm run bench:so762`).
 */
import { pearson, quantile } from '../src/engine/evidence/statistics.js';
import { FRAME_MS } from '../src/engine/recognizer/acoustic-model.js';
import { loadCorpus } from './so762-analyses.js';
import { exitUnlessCorpus } from './so762-corpus.js';
import { isTestSpeaker } from './so762-split.js';

exitUnlessCorpus('so762-quiet-margins');
const corpus = await loadCorpus();
const readings = corpus.items.flatMap(({ analysis, label, speaker }) => {
  const first = analysis.heard[0];
  const last = analysis.heard.at(-1);
  if (!first || !last) return [];
  return [
    {
      before: (first.startFrame * FRAME_MS) / 1000,
      after: ((analysis.totalFrames - last.endFrame - 1) * FRAME_MS) / 1000,
      label,
      test: isTestSpeaker(speaker),
    },
  ];
});
type Reading = (typeof readings)[number];

const seconds = (values: number[]): string =>
  [0.1, 0.5, 0.9].map((q) => quantile(values, q).toFixed(2)).join(' / ');
console.log(
  `${readings.length} readings; quiet before the first heard word, 10% / median / 90%: ${seconds(readings.map((r) => r.before))} s; after the last: ${seconds(readings.map((r) => r.after))} s`,
);
const groups: [string, Reading[]][] = [
  ['all', readings],
  ['corpus-train', readings.filter((reading) => !reading.test)],
  ['corpus-test', readings.filter((reading) => reading.test)],
];
for (const [name, group] of groups) {
  const r = (quiet: 'before' | 'after', mark: 'fluency' | 'accuracy'): string =>
    pearson(
      group.map((reading) => reading[quiet]),
      group.map((reading) => reading.label[mark]),
    ).toFixed(3);
  console.log(
    `${name} (${group.length}): Pearson r, quiet before ~ fluency ${r('before', 'fluency')}, ~ accuracy ${r('before', 'accuracy')}; quiet after ~ fluency ${r('after', 'fluency')}, ~ accuracy ${r('after', 'accuracy')}`,
  );
}
process.exit(0);
