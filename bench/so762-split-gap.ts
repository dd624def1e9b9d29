/**
 * Is the gap between nested cross-validation and the external test (bench/results/so762-users.md)
 * the corpus test split's or the method's? The shipped utterance model's form (ridge and trees,
 * both acoustic models) is cross-validated and tested on random speaker splits of
 * ../shared/so762 the size of the corpus's own (as many speakers held out as its test list
 * has), then on that list itself. If cross-validation overstates what new speakers get, the
 * random splits show the gap too; if they do not, the test speakers are harder to score.
 * Usage: npx tsx bench/so762-split-gap.ts [splits] [--first-model]   (default 20 splits; writes
 * bench/results/so762-split-gap.md). --first-model: the first acoustic model's analyses alone
 * (no second model's are read), as the external test's second variant.
 */
import { writeFileSync } from 'node:fs';
import { mean, pearson, quantile, standardDeviation } from '../src/engine/evidence/statistics.js';
import { seededRandom } from '../scripts/seeded-random.js';
import { audioChecks, loadCorpus } from './so762-analyses.js';
import { exitUnlessCorpus } from './so762-corpus.js';
import { heardSecond } from './so762-cv.js';
import { TARGETS, VARIANTS, variantPairs, type Reading, type Target } from './so762-external.js';
import { resultFile } from './result-file.js';
import { isTestSpeaker } from './so762-split.js';

exitUnlessCorpus('split gap');

const firstModelOnly = process.argv.includes('--first-model');
const SPLITS = Number(process.argv.slice(2).find((arg) => /^\d+$/u.test(arg)) ?? 20);
const SHIPPED = VARIANTS[firstModelOnly ? 1 : 0]!;

/** The cross-validated and the held-out predictions of one split, described alike. */
interface SplitFigures {
  crossValidated: ListPart;
  heldOut: ListPart;
  /** The held-out speakers of the corpus's test list, and of its train list, scored apart. */
  testList: ListPart;
  trainList: ListPart;
}

/** Predictions against the experts': r, the experts' spread, and the prediction's error. */
interface ListPart {
  r: number;
  expertSpread: number;
  rootMeanSquareError: number;
}

const corpus = await loadCorpus((line) => console.log(line), { cachedOnly: firstModelOnly });
const checks = await audioChecks(corpus.items);
const heard: Reading = (item) => heardSecond(item, checks.get(item.id)?.cautions ?? []);
const speakers = [...new Set(corpus.items.map((item) => item.speaker))].sort();
const official = new Set(speakers.filter(isTestSpeaker));
const heldOutCount = official.size;

function figures(heldOut: ReadonlySet<string>, target: Target): SplitFigures {
  const fit = corpus.items.filter((item) => !heldOut.has(item.speaker));
  const test = corpus.items.filter((item) => heldOut.has(item.speaker));
  const pairs = variantPairs(SHIPPED, target, fit, test, heard);
  const part = (list: boolean): ListPart => {
    const kept = test.map((item) => isTestSpeaker(item.speaker) === list);
    const pick = (values: number[]): number[] => values.filter((_, index) => kept[index]);
    return described(pick(pairs.external.predicted), pick(pairs.external.expert));
  };
  return {
    crossValidated: described(pairs.crossValidated.predicted, pairs.crossValidated.expert),
    heldOut: described(pairs.external.predicted, pairs.external.expert),
    testList: part(true),
    trainList: part(false),
  };
}

function described(predicted: readonly number[], expert: readonly number[]): ListPart {
  const errors = predicted.map((value, index) => (value - expert[index]!) ** 2);
  return {
    r: pearson(predicted, expert),
    expertSpread: standardDeviation(expert),
    rootMeanSquareError: Math.sqrt(mean(errors)),
  };
}

/** `count` speakers drawn without replacement, seeded. */
function drawSpeakers(count: number, seed: number): Set<string> {
  const next = seededRandom(seed);
  const order = speakers.map((speaker) => ({ speaker, key: next() }));
  order.sort((a, b) => a.key - b.key);
  return new Set(order.slice(0, count).map(({ speaker }) => speaker));
}

const fmt = (value: number): string => value.toFixed(3);
const shown = (part: ListPart): string =>
  [part.r, part.expertSpread, part.rootMeanSquareError].map(fmt).join(' / ');
const rows: string[] = [];
const listRows: string[] = [];
const ownRows: string[] = [];
for (const target of TARGETS) {
  const own = figures(official, target);
  const ownGap = own.crossValidated.r - own.heldOut.r;
  const random: SplitFigures[] = [];
  for (let split = 1; split <= SPLITS; split += 1) {
    random.push(figures(drawSpeakers(heldOutCount, split), target));
    console.log(`${target}: split ${split}/${SPLITS}`);
  }
  const gaps = random.map((one) => one.crossValidated.r - one.heldOut.r);
  const atLeast = gaps.filter((gap) => gap >= ownGap).length;
  const heldOut = random.map((one) => one.heldOut.r);
  const testListLower = random.filter((one) => one.testList.r < one.trainList.r).length;
  const meanOf = (pick: (one: SplitFigures) => ListPart): ListPart => ({
    r: mean(random.map((one) => pick(one).r)),
    expertSpread: mean(random.map((one) => pick(one).expertSpread)),
    rootMeanSquareError: mean(random.map((one) => pick(one).rootMeanSquareError)),
  });
  listRows.push(
    `| ${target} | ${shown(meanOf((one) => one.testList))} | ${shown(meanOf((one) => one.trainList))} | ` +
      `${testListLower} of ${SPLITS} |`,
  );
  ownRows.push(`| ${target} | ${shown(own.crossValidated)} | ${shown(own.heldOut)} |`);
  rows.push(
    `| ${target} | ${fmt(own.crossValidated.r)} / ${fmt(own.heldOut.r)} / ${fmt(ownGap)} | ` +
      `${fmt(meanOf((one) => one.crossValidated).r)} / ${fmt(meanOf((one) => one.heldOut).r)} / ${fmt(mean(gaps))} | ` +
      `${fmt(quantile(gaps, 0.05))} – ${fmt(quantile(gaps, 0.95))} | ` +
      `${fmt(quantile(heldOut, 0.05))} – ${fmt(quantile(heldOut, 0.95))} | ${atLeast} of ${SPLITS} |`,
  );
}

const report = [
  '# speechocean762: is the gap between cross-validation and the external test the split or the method?',
  '',
  `Date: ${new Date().toISOString().slice(0, 10)}. Command: \`npx tsx bench/so762-split-gap.ts ${process.argv.slice(2).join(' ')}\`.`,
  `Data: ${corpus.items.length} utterances of ${speakers.length} speakers of speechocean762 (Zhang et al., Interspeech 2021, CC BY 4.0) in ../shared/so762.`,
  `Model: ${SHIPPED.name}, the utterance model's form as shipped. Each split holds out ${heldOutCount} speakers (the size of the corpus's test list), fits on the others, cross-validates over the others in 5 speaker folds, and scores the held-out speakers. The corpus's own split first, then ${SPLITS} random ones (seeded).`,
  '',
  '| Target | Corpus split: CV / held out / gap | Random splits, mean: CV / held out / gap | Random gaps, 5–95% | Random held-out r, 5–95% | Random splits whose gap is at least the corpus split’s |',
  '|---|---|---|---|---|---|',
  ...rows,
  '',
  'The corpus split, each side described alike (r, the experts’ standard deviation, the root-mean-square error of the prediction, on the 0–10 scale):',
  '',
  '| Target | Cross-validated over the corpus train list | Held out: the corpus test list |',
  '|---|---|---|',
  ...ownRows,
  '',
  'The same random splits, the held-out speakers parted by the corpus list they come from (about a third from its test list), each part scored by the same fit:',
  '',
  '| Target | Speakers of the corpus test list: r / experts’ SD / RMS error (means) | Speakers of the corpus train list: r / experts’ SD / RMS error (means) | Splits where the test list’s r is the lower |',
  '|---|---|---|---|',
  ...listRows,
  '',
].join('\n');
writeFileSync(resultFile('so762-split-gap'), report);
console.log(report);
