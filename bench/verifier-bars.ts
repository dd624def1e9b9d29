/**
 * How steady the verifier's bars are (scripts/training/fit-calibration.ts): the 0.5% and the 5%
 * quantiles of the held-out rendition scores of real readings, that is the 4th and the 37th
 * lowest of the train speakers' 744. Resampling the speakers (bootstrap) shows how far they
 * move with the recordings they are fitted on, and what share of real readings and of other
 * sentences each resampled bar would refuse. The shipped refusal bar is the low end of the
 * first (confidentLowQuantile); the doubt bar is the second.
 * Usage: npx tsx bench/verifier-bars.ts (fills the analysis cache of `npm run bench:so762` first).
 */
import {
  confidentLowQuantile,
  heldOutRenditionScores,
  lowQuantile,
  VERIFIER_DOUBTS_REAL,
  VERIFIER_REJECTS_REAL,
} from '../scripts/training/fit-calibration.js';
import { quantile } from '../src/engine/evidence/statistics.js';
import { loadCorpus } from './so762-analyses.js';
import { exitUnlessCorpus } from './so762-corpus.js';
import { calibrationData, corpusPhoneNorms, FIRST_MODEL_ALONE } from './so762-rows.js';
import { trainPart } from './so762-split.js';
import { seededRandom } from '../scripts/seeded-random.js';

const ROUNDS = 500;

exitUnlessCorpus('verifier-bars');
const train = trainPart(await loadCorpus());
const rows = calibrationData(
  train.items,
  train.cases,
  corpusPhoneNorms(train.items),
  FIRST_MODEL_ALONE,
).verification;
const held = heldOutRenditionScores(rows);
const bySpeaker = new Map<string, { real: number[]; wrong: number[] }>();
rows.forEach((row, index) => {
  const entry = bySpeaker.get(row.group) ?? { real: [], wrong: [] };
  if (row.kind === 'real') entry.real.push(held[index]!);
  if (row.kind === 'wrong') entry.wrong.push(held[index]!);
  bySpeaker.set(row.group, entry);
});
const speakers = [...bySpeaker.keys()].sort();
const random = seededRandom(762);
const all = (pick: 'real' | 'wrong', from: readonly string[]): number[] =>
  from.flatMap((speaker) => bySpeaker.get(speaker)![pick]);
const share = (values: readonly number[], bar: number): number =>
  values.filter((value) => value < bar).length / Math.max(1, values.length);
const bars = { reject: [] as number[], doubt: [] as number[] };
for (let round = 0; round < ROUNDS; round += 1) {
  const sample = speakers.map(() => speakers[Math.floor(random() * speakers.length)]!);
  const real = all('real', sample);
  bars.reject.push(lowQuantile(real, VERIFIER_REJECTS_REAL));
  bars.doubt.push(lowQuantile(real, VERIFIER_DOUBTS_REAL));
}
const real = all('real', speakers);
const wrong = all('wrong', speakers);
const refusal = confidentLowQuantile(
  speakers.flatMap((speaker) =>
    bySpeaker.get(speaker)!.real.map((score) => ({ group: speaker, score })),
  ),
  VERIFIER_REJECTS_REAL,
);
const line = (name: string, fitted: number, resampled: number[]): string => {
  const [low, mid, high] = [0.05, 0.5, 0.95].map((q) => quantile(resampled, q));
  return `| ${name} | ${fitted.toFixed(3)} | ${low!.toFixed(3)} – ${mid!.toFixed(3)} – ${high!.toFixed(3)} | ${(100 * share(real, low!)).toFixed(1)}% – ${(100 * share(real, high!)).toFixed(1)}% | ${(100 * share(wrong, low!)).toFixed(0)}% – ${(100 * share(wrong, high!)).toFixed(0)}% |`;
};
console.log(
  [
    `Train speakers: ${speakers.length}, real readings ${real.length}, readings against another sentence ${wrong.length}; ${ROUNDS} speaker resamples.`,
    '',
    '| Bar | Fitted | Resampled: 5th – median – 95th percentile | Real readings under it (at the 5th and 95th) | Other sentences under it |',
    '|---|---|---|---|---|',
    line(
      `${VERIFIER_REJECTS_REAL * 100}% of real`,
      lowQuantile(real, VERIFIER_REJECTS_REAL),
      bars.reject,
    ),
    line(
      `doubt: ${VERIFIER_DOUBTS_REAL * 100}% of real`,
      lowQuantile(real, VERIFIER_DOUBTS_REAL),
      bars.doubt,
    ),
    '',
    `Shipped rule for the refusal bar, the lower 95% bound of the ${VERIFIER_REJECTS_REAL * 100}% quantile: ${refusal.toFixed(3)}; it refuses ${(100 * share(real, refusal)).toFixed(1)}% of these real readings and ${(100 * share(wrong, refusal)).toFixed(0)}% of the readings against another sentence.`,
  ].join('\n'),
);
