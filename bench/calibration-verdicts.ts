/**
 * What a refit of the calibration changes in the verdict (the sentence, in doubt, not the
 * sentence) on every kind of corpus case, analysed with the configured acoustic model: two
 * calibration files side by side, typically the committed one before and after `npm run
 * calibrate`. Both are usually fitted on every speaker, so the figures are in-sample for both.
 * Usage: npx tsx bench/calibration-verdicts.ts <before.json> <after.json>
 *   (e.g. git show HEAD~1:resources/calibration/en-us-16k.json > /tmp/before.json, with
 *   EXAMINER_SPEECH_MODEL=en-us-16k for that model)
 */
import { readFileSync } from 'node:fs';
import type { Calibration } from '../src/engine/scoring/models/calibration.js';
import { verdict, type Verdict } from '../src/engine/scoring/verdict.js';
import { loadCorpus } from './so762-analyses.js';
import { exitUnlessCorpus } from './so762-corpus.js';

const VERDICTS: Verdict[] = ['rendition', 'doubtful', 'not-the-text'];

exitUnlessCorpus('calibration-verdicts');
const files = process.argv.slice(2);
if (files.length !== 2) {
  console.log('Usage: npx tsx bench/calibration-verdicts.ts <before.json> <after.json>');
  process.exit(1);
}
const calibrations = files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Calibration);
const corpus = await loadCorpus();
const counts = new Map<string, number[][]>();
for (const item of corpus.cases) {
  const perCalibration = counts.get(item.case.kind) ?? calibrations.map(() => [0, 0, 0]);
  calibrations.forEach((calibration, index) => {
    perCalibration[index]![VERDICTS.indexOf(verdict(item.analysis, calibration))]! += 1;
  });
  counts.set(item.case.kind, perCalibration);
}
console.log(
  [
    '| Case | n | Before: the sentence / in doubt / not the sentence | After |',
    '|---|---|---|---|',
    ...[...counts].map(([kind, [before, after]]) => {
      const n = before!.reduce((sum, count) => sum + count, 0);
      return `| ${kind} | ${n} | ${before!.join(' / ')} | ${after!.join(' / ')} |`;
    }),
  ].join('\n'),
);
