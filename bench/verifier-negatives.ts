/**
 * What one kind of negative case teaches the verdict (scoring/verdict.ts): the verifier fitted
 * on speechocean762's train speakers with and without that kind's cases, each with its own
 * bars, scores every case of the 60 test speakers; the table gives each kind's verdicts. It
 * also prints the repetition measure of the free phone loop (rendition-evidence.ts) per kind.
 * Usage: npx tsx bench/verifier-negatives.ts [kind]   (default: repeat; fills the analysis
 * cache of `npm run bench:so762` first)
 */
import { fitVerifier } from '../scripts/training/fit-calibration.js';
import { selfRepetition } from '../src/engine/evidence/rendition-evidence.js';
import { quantile } from '../src/engine/evidence/statistics.js';
import { predictTrees } from '../src/engine/scoring/models/boosted-trees.js';
import { loadCorpus } from './so762-analyses.js';
import { CASE_KINDS, type CaseKind } from './so762-cases.js';
import { exitUnlessCorpus } from './so762-corpus.js';
import { calibrationData, corpusPhoneNorms, FIRST_MODEL_ALONE } from './so762-rows.js';
import { isTestSpeaker, trainPart } from './so762-split.js';

exitUnlessCorpus('verifier-negatives');
const kind = (process.argv[2] ?? 'repeat') as CaseKind;
if (!CASE_KINDS.includes(kind)) throw new Error(`no case kind ${kind}: ${CASE_KINDS.join(', ')}`);

const corpus = await loadCorpus();
const train = trainPart(corpus);
const trainRows = calibrationData(
  train.items,
  train.cases,
  corpusPhoneNorms(train.items),
  FIRST_MODEL_ALONE,
);
const testRows = calibrationData(
  corpus.items,
  corpus.cases,
  corpusPhoneNorms(corpus.items),
  FIRST_MODEL_ALONE,
).verification.filter((row) => isTestSpeaker(row.group));
const verifiers = {
  without: fitVerifier(trainRows.verification.filter((row) => row.kind !== kind)),
  with: fitVerifier(trainRows.verification),
};

function verdicts(verifier: (typeof verifiers)['with'], of: CaseKind): string {
  const scores = testRows
    .filter((row) => row.kind === of)
    .map((row) => predictTrees(verifier.model, row.values));
  const refused = scores.filter((score) => score < verifier.rejectBelow).length;
  const doubted = scores.filter(
    (score) => score >= verifier.rejectBelow && score < verifier.doubtBelow,
  ).length;
  return `${refused} / ${doubted} / ${scores.length - refused - doubted}`;
}

const bars = (verifier: (typeof verifiers)['with']): string =>
  `${verifier.rejectBelow.toFixed(3)} / ${verifier.doubtBelow.toFixed(3)}`;
console.log(
  [
    `Verifier fitted on the train speakers without and with their "${kind}" cases; the 60 test speakers' cases, refused / in doubt / called the sentence.`,
    '',
    `| Case kind (test speakers) | n | Without "${kind}" (bars ${bars(verifiers.without)}) | With (bars ${bars(verifiers.with)}) |`,
    '|---|---|---|---|',
    ...CASE_KINDS.map(
      (of) =>
        `| ${of} | ${testRows.filter((row) => row.kind === of).length} | ${verdicts(verifiers.without, of)} | ${verdicts(verifiers.with, of)} |`,
    ),
    '',
    'What the free phone loop heard repeats itself (loopRepetition), all speakers: median, 95th, 99th percentile, highest.',
    '',
    '| Case kind | n | Median | 95th | 99th | Highest |',
    '|---|---|---|---|---|---|',
    ...CASE_KINDS.map((of) => {
      const values = corpus.cases
        .filter((item) => item.case.kind === of)
        .map((item) => selfRepetition(item.analysis.loopPhones));
      const figures = [0.5, 0.95, 0.99, 1].map((q) => quantile(values, q).toFixed(2));
      return `| ${of} | ${values.length} | ${figures.join(' | ')} |`;
    }),
  ].join('\n'),
);
