/**
 * Where `overall` parts from the total model on speechocean762's real readings: `overall` is the
 * delivery's total scaled by the share of the sentence heard (content.ts, repeatedShare: a word
 * said unsurely earns half; a reading in doubt (verdict.ts) no more than its held content mark's
 * share). Prints Pearson r with the experts' total of the total model, of total × share, and of
 * `overall`, and how many readings are in doubt. A calibration is fitted on every speaker, as `npm run calibrate` does,
 * so the figures are in-sample. `--save <file>` keeps each reading's parts; `--against <file>`
 * (saved by another engine, e.g. another branch) prints how the verdicts moved, and r of
 * `overall` with this engine's shares under the other engine's verdicts.
 * Usage: npx tsx bench/so762-overall-parts.ts [--save <file>] [--against <file>]
 *   (needs the analysis cache of `npm run bench:so762` for the configured model and the 16 kHz one)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fitCalibration } from '../scripts/training/fit-calibration.js';
import { pearson } from '../src/engine/evidence/statistics.js';
import { repeatedShare } from '../src/engine/scoring/content.js';
import { verdict, type Verdict } from '../src/engine/scoring/verdict.js';
import { option } from './command-line.js';
import { audioChecks, loadCorpus } from './so762-analyses.js';
import { exitUnlessCorpus } from './so762-corpus.js';
import { checkOf, emptyValidation, heardIn, scoreItem, secondReading } from './so762-cv.js';
import { calibrationData, corpusPhoneNorms, fitSecondModels } from './so762-rows.js';

interface Parts {
  id: string;
  expert: number;
  /** The total model's estimate, on `overall`'s 0–5 scale. */
  total: number;
  share: number;
  /** The share were the reading in doubt. */
  shareInDoubt: number;
  verdict: Verdict;
  overall: number;
}

exitUnlessCorpus('so762-overall-parts');
const corpus = await loadCorpus();
const checks = await audioChecks(corpus.cases);
const norms = corpusPhoneNorms(corpus.items);
const data = calibrationData(corpus.items, corpus.cases, norms, heardIn(checks));
const calibration = fitCalibration(data, norms, 'all speakers');
const second = fitSecondModels(corpus.items, data.verification);
const result = emptyValidation();
const parts: Parts[] = corpus.items.map((item) => {
  const check = checkOf(checks, item);
  scoreItem(item, calibration, check, result, undefined, second);
  return {
    id: item.id,
    expert: item.label.total,
    total: result.total.predicted.at(-1)! / 2,
    share: repeatedShare(item.analysis),
    shareInDoubt: repeatedShare(item.analysis, true),
    verdict: verdict(item.analysis, calibration, secondReading(item, second, check.cautions)),
    overall: result.overall.predicted.at(-1)!,
  };
});

const experts = parts.map((reading) => reading.expert);
const r = (values: number[]): string => pearson(values, experts).toFixed(3);
const scaled = (reading: Parts, check: Verdict): number =>
  check === 'not-the-text'
    ? 0
    : reading.total * (check === 'doubtful' ? reading.shareInDoubt : reading.share);
const doubtful = (list: readonly Parts[]): number =>
  list.filter((reading) => reading.verdict === 'doubtful').length;
console.log(`${parts.length} real readings, calibration fitted on all of them (in-sample).`);
console.log(`r with the experts' total: total model ${r(parts.map((p) => p.total))}`);
console.log(`  total × share ${r(parts.map((p) => p.total * p.share))}`);
console.log(`  total × share, as held in doubt ${r(parts.map((p) => scaled(p, p.verdict)))}`);
console.log(`  overall as a client receives it ${r(parts.map((p) => p.overall))}`);
console.log(
  `in doubt: ${doubtful(parts)}; share under 1: ${parts.filter((p) => p.share < 1).length}`,
);

const save = option('--save');
if (save) writeFileSync(save, parts.map((reading) => JSON.stringify(reading)).join('\n') + '\n');
const against = option('--against');
if (against) {
  const other = new Map(
    readFileSync(against, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Parts)
      .map((reading) => [reading.id, reading]),
  );
  const theirs = (reading: Parts): Parts => other.get(reading.id) ?? reading;
  const moved = (from: Verdict, to: Verdict): number =>
    parts.filter((p) => theirs(p).verdict === from && p.verdict === to).length;
  console.log(`against ${against}: in doubt there ${doubtful([...other.values()])}`);
  console.log(
    `  newly in doubt here ${moved('rendition', 'doubtful')}, no longer ${moved('doubtful', 'rendition')}`,
  );
  console.log(
    `  this engine's shares under the other's verdicts: r ${r(parts.map((p) => scaled(p, theirs(p).verdict)))}`,
  );
}
