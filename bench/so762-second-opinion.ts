/**
 * Fits the second opinion (src/engine/evidence/second-opinion.ts): the words the configured
 * acoustic model is not sure were said, decided again on both its evidence and a second model's.
 * It reads the said rows both models' analyses left (bench/so762-said.ts: the same 240 train
 * readings and cases, each analysed by each model; `tsx bench/so762-said.ts 0/1`, then with
 * EXAMINER_SPEECH_MODEL=en-us-16k), joins them word by word, checks the decision by
 * speaker-grouped cross-validation (every fit and bar taken within the fold), and with
 * `--write` writes it into said-model.ts.
 * Usage: tsx bench/so762-second-opinion.ts [--write]
 */
import { SAID_MODELS, SECOND_OPINIONS } from '../src/engine/evidence/said-model.js';
import { jointFeatures, SECOND_PREFIX } from '../src/engine/evidence/second-opinion.js';
import {
  logOdds,
  saidLogOdds,
  SAID_FEATURES,
  type SaidModel,
  type SaidWeights,
  type SecondOpinionModel,
} from '../src/engine/evidence/word-acceptance.js';
import { configuredModel, type ModelName } from '../src/engine/recognizer/models.js';
import { corpusAvailable } from './so762-corpus.js';
import {
  FALSE_MISSING_BUDGET,
  SURELY_MISSING_SHARE,
  fitLogistic,
  fitSaidModel,
  FOLDS,
  readRows,
  report,
  writeSaidModels,
  type Row,
} from './so762-said.js';

/** The model asked for a second opinion, per first model. */
const SECOND_OF: Partial<Record<ModelName, ModelName>> = { 'en-us-8k': 'en-us-16k' };
const JOINT_FEATURES = [...SAID_FEATURES, ...SAID_FEATURES.map((name) => SECOND_PREFIX + name)];

interface JointRow {
  row: Row;
  joint: Record<string, number>;
}

function joinRows(first: readonly Row[], second: readonly Row[]): JointRow[] {
  const key = (row: Row): string => `${row.label}|${row.kind}|${row.codec}|${row.slot}`;
  const seconds = new Map(second.map((row) => [key(row), row]));
  return first.flatMap((row) => {
    const other = seconds.get(key(row));
    return other ? [{ row, joint: jointFeatures(row.features, other.features) }] : [];
  });
}

interface Cascade {
  first: SaidModel;
  joint: SecondOpinionModel;
}

/** The first model's decision on `rows`, then the joint fit and its bar on the words it is not sure of. */
function fitCascade(rows: readonly JointRow[], second: ModelName, first?: SaidModel): Cascade {
  const said = rows.filter(({ row }) => row.said === 1);
  const firstWeights = first ?? fitSaidModel(rows.map(({ row }) => row));
  const sure = logOdds(firstWeights.sureThreshold);
  const fitted: SaidWeights = fitLogistic(
    rows.map(({ row, joint }) => ({ said: row.said, features: joint })),
    JOINT_FEATURES,
  );
  const unsure = said
    .filter(({ row }) => saidLogOdds(row.features, firstWeights) < sure)
    .map(({ joint }) => 1 / (1 + Math.exp(-saidLogOdds(joint, fitted))))
    .sort((a, b) => a - b);
  const bar = (share: number): number => unsure[Math.floor(share * said.length)] ?? 1;
  return {
    first: firstWeights,
    joint: {
      ...fitted,
      model: second,
      threshold: bar(FALSE_MISSING_BUDGET),
      sureMissingThreshold: bar(SURELY_MISSING_SHARE),
    },
  };
}

type Decision = 'missing' | 'unsure missing' | 'unsure' | 'sure';

function decide({ row, joint }: JointRow, cascade: Cascade | null, first: SaidModel): Decision {
  const odds = saidLogOdds(row.features, first);
  if (odds >= logOdds(first.sureThreshold)) return 'sure';
  const [weighed, bars] = cascade
    ? [saidLogOdds(joint, cascade.joint), cascade.joint]
    : [odds, first];
  if (weighed >= logOdds(bars.threshold)) return 'unsure';
  return weighed >= logOdds(bars.sureMissingThreshold) ? 'unsure missing' : 'missing';
}

/** Held out by speaker: the first model alone, and with the second opinion. */
function crossValidate(rows: readonly JointRow[], second: ModelName): Record<string, Decision[]> {
  const speakers = [...new Set(rows.map(({ row }) => row.speaker))].sort();
  const fold = new Map(speakers.map((speaker, index) => [speaker, index % FOLDS]));
  const alone = new Array<Decision>(rows.length);
  const asked = new Array<Decision>(rows.length);
  for (let k = 0; k < FOLDS; k += 1) {
    const cascade = fitCascade(
      rows.filter(({ row }) => fold.get(row.speaker) !== k && row.codec === 'wav'),
      second,
    );
    rows.forEach((item, index) => {
      if (fold.get(item.row.speaker) !== k) return;
      alone[index] = decide(item, null, cascade.first);
      asked[index] = decide(item, cascade, cascade.first);
    });
  }
  return { 'the first model alone': alone, 'with the second opinion': asked };
}

function kept(decision: Decision): boolean {
  return decision === 'unsure' || decision === 'sure';
}

function unsureShares(rows: readonly JointRow[], decisions: readonly Decision[]): string {
  const wav = rows.flatMap(({ row }, index) =>
    row.codec === 'wav' ? [{ row, decision: decisions[index]! }] : [],
  );
  const said = wav.filter(({ row }) => row.kind === 'real').map(({ decision }) => decision);
  const unsaid = wav.filter(({ row }) => row.said === 0).map(({ decision }) => decision);
  const count = (of: readonly Decision[], decision: Decision): number =>
    of.filter((d) => d === decision).length;
  const readings = new Map<string, boolean>();
  for (const { row, decision } of wav) {
    if (row.kind !== 'real') continue;
    readings.set(row.label, (readings.get(row.label) ?? false) || decision.startsWith('unsure'));
  }
  const flagged = [...readings.values()].filter(Boolean).length;
  const missing = said.length - said.filter(kept).length;
  return `real words unsure ${count(said, 'unsure')}/${said.length}; real words Missing ${missing}, of them unsure ${count(said, 'unsure missing')}; real readings with a word unsure either way ${flagged}/${readings.size}; unsaid words Missing unsurely ${count(unsaid, 'unsure missing')} of ${unsaid.length - unsaid.filter(kept).length} Missing`;
}

const first = configuredModel();
const second = SECOND_OF[first];
if (!corpusAvailable()) {
  console.log('so762-second-opinion skipped: ../shared/so762 not found');
} else if (!second) {
  console.log(`so762-second-opinion: no second model is named for ${first}`);
} else {
  const rows = joinRows(readRows(first), readRows(second));
  if (rows.length === 0) {
    console.log(
      `so762-second-opinion: no said rows of both ${first} and ${second}; analyse them first`,
    );
    process.exit(1);
  }
  console.log(`${rows.length} words analysed by both ${first} and ${second}`);
  for (const [name, decisions] of Object.entries(crossValidate(rows, second))) {
    console.log(
      `\n${name}, ${FOLDS}-fold speaker-grouped CV (kept = said or unsure):\n${report(
        rows.map(({ row }) => row),
        (_, index) => kept(decisions[index]!),
      )}\n${unsureShares(rows, decisions)}`,
    );
  }
  const cascade = fitCascade(
    rows.filter(({ row }) => row.codec === 'wav'),
    second,
    SAID_MODELS[first],
  );
  console.log(
    `\nWeights: ${cascade.joint.features.map((name, i) => `${name} ${cascade.joint.weights[i]!.toFixed(2)}`).join(', ')}; threshold ${cascade.joint.threshold.toFixed(3)}`,
  );
  if (process.argv.includes('--write'))
    writeSaidModels(SAID_MODELS, { ...SECOND_OPINIONS, [first]: cascade.joint });
}
