import type { AudioCaution } from '../src/engine/audio/cautions.js';
import {
  answerContext,
  phoneTypical,
  predictBlend,
  type Calibration,
  type SecondModels,
  type UtteranceModels,
} from '../src/engine/scoring/models/calibration.js';
import { expertBand, fitCalibration } from '../scripts/training/fit-calibration.js';
import { phoneFeatures, utteranceFeatures, wordFeatures } from '../src/engine/evidence/features.js';
import {
  deliveryReadings,
  readingFluency,
  scoreRepeatSentence,
  pronunciationShare,
  utteranceShare,
} from '../src/engine/scoring/repeat-sentence.js';
import type { SecondReading } from '../src/engine/scoring/second-reading.js';
import { hearsSecondModel } from '../src/engine/evidence/second-opinion.js';
import type { SpeechAnalysis } from '../src/engine/evidence/speech-analysis.js';
import {
  SPEECH_RATE_BARS,
  readingRates,
  speechRateBars,
  type SpeechRateBars,
} from '../src/engine/scoring/speech-rate.js';
import { verdict } from '../src/engine/scoring/verdict.js';
import { pearson } from '../src/engine/evidence/statistics.js';
import { seededRandom } from '../scripts/seeded-random.js';
import type { SpeakingResult } from '../src/engine/tasks/index.js';
import type { CaseItem, CorpusItem } from './so762-analyses.js';
import type { CaseKind } from './so762-cases.js';
import { matchPhones } from './so762-phones.js';
import { calibrationData, corpusPhoneNorms, fitSecondModels } from './so762-rows.js';

export const FOLDS = 5;

/** Engine and expert scores, with each pair's speaker for the speaker bootstrap. */
export interface Pairs {
  predicted: number[];
  expert: number[];
  speakers: string[];
}

/** What the audio check found: refused as silent (NO_SPEECH), or to be scored with cautions. */
export interface AudioCheck {
  silent: boolean;
  cautions: readonly AudioCaution[];
}

export interface CaseOutcome {
  kind: CaseKind;
  /** The reading whose audio the case uses: a degraded copy is compared with the reading. */
  labelId: string;
  /** Refused before scoring: NO_SPEECH. */
  refused: boolean;
  /** Scored but unscorable: content status 2. */
  unscorable: boolean;
  /** Content (of 3) and overall (of 5) as a client receives them at scale 5, precision 0.1. */
  content: number;
  overall: number;
  /** Scored with a caution (status 1). */
  caution: boolean;
}

export const LABEL_ROWS = ['Bad', 'Average', 'Good', 'Missing'] as const;

export interface CrossValidation {
  phone: Pairs;
  phoneHeard: Pairs;
  word: Pairs;
  wordHeard: Pairs;
  accuracy: Pairs;
  /** The fluency mark the engine gives: the model under the speech-rate ceiling. */
  fluency: Pairs;
  /** The fluency model alone (before the speech-rate rule), to measure the rule's effect. */
  fluencyModel: Pairs;
  total: Pairs;
  /** The pipeline's `overall` (0–5) against the experts' total. */
  overall: Pairs;
  /** Engine label (Bad, Average, Good, Missing) × expert band (0–4, 5–7, 8–10). */
  confusion: number[][];
  /** Expert accuracy of each word labelled Missing. */
  missingExpert: number[];
  outcomes: CaseOutcome[];
}

const emptyPairs = (): Pairs => ({ predicted: [], expert: [], speakers: [] });

export function speakerFolds(speakers: Iterable<string>): Map<string, number> {
  const sorted = [...new Set(speakers)].sort();
  return new Map(sorted.map((speaker, index) => [speaker, index % FOLDS]));
}

export function emptyValidation(): CrossValidation {
  return {
    phone: emptyPairs(),
    phoneHeard: emptyPairs(),
    word: emptyPairs(),
    wordHeard: emptyPairs(),
    accuracy: emptyPairs(),
    fluency: emptyPairs(),
    fluencyModel: emptyPairs(),
    total: emptyPairs(),
    overall: emptyPairs(),
    confusion: LABEL_ROWS.map(() => [0, 0, 0]),
    missingExpert: [],
    outcomes: [],
  };
}

/**
 * Every case is scored by models fitted on the other folds' speakers only; every choice the
 * calibration makes (verification bar, label bars, out-of-fold context) is made inside it.
 */
export function crossValidate(
  items: readonly CorpusItem[],
  cases: readonly CaseItem[],
  checks: ReadonlyMap<string, AudioCheck>,
): CrossValidation {
  const folds = speakerFolds(cases.map((item) => item.case.speaker));
  const result = emptyValidation();
  for (let fold = 0; fold < FOLDS; fold += 1) {
    const inFold = (speaker: string): boolean => folds.get(speaker) === fold;
    const trainItems = items.filter((item) => !inFold(item.speaker));
    const trainCases = cases.filter((item) => !inFold(item.case.speaker));
    const norms = corpusPhoneNorms(trainItems);
    const data = calibrationData(trainItems, trainCases, norms, heardIn(checks));
    const calibration = fitCalibration(data, norms, `fold ${fold}`);
    const second = fitSecondModels(trainItems, data.verification);
    for (const item of cases.filter((entry) => inFold(entry.case.speaker)))
      result.outcomes.push(caseOutcome(item, calibration, checkOf(checks, item), second));
    const rateBars = speechRateBars(
      trainItems.map((item) =>
        readingRates(
          item.analysis,
          utteranceFeatures(item.analysis),
          checks.get(item.id)?.cautions ?? [],
        ),
      ),
    );
    for (const item of items.filter((entry) => inFold(entry.speaker))) {
      scoreItem(item, calibration, checkOf(checks, item), result, rateBars, second);
    }
  }
  return result;
}

/** Whether the engine would take a case's second reading, by its audio check. */
export function heardIn(checks: ReadonlyMap<string, AudioCheck>): (item: CaseItem) => boolean {
  return (item) => heardSecond(item, checks.get(item.id)?.cautions ?? []) !== undefined;
}

/** The second model's analysis of a case, where the engine would take it (hearsSecondModel). */
export function heardSecond(
  item: CaseItem,
  cautions: readonly AudioCaution[],
): SpeechAnalysis | undefined {
  return hearsSecondModel(cautions) ? item.second : undefined;
}

/** The 16 kHz model's reading of a case as scoring reads it, where the audio check lets it in. */
export function secondReading(
  item: CaseItem,
  models: SecondModels | undefined,
  cautions: readonly AudioCaution[],
): SecondReading | undefined {
  const analysis = heardSecond(item, cautions);
  return models && analysis ? { analysis, calibration: models } : undefined;
}

function scoreCase(
  item: CaseItem,
  calibration: Calibration,
  cautions: readonly AudioCaution[],
  second?: SecondModels,
): SpeakingResult {
  return scoreRepeatSentence({
    analysis: item.analysis,
    calibration,
    scale: { scale: 5, precision: 0.1 },
    durationMs: Math.round(item.audioSeconds * 1000),
    cautions,
    second: secondReading(item, second, cautions),
  });
}

/** What a case gets from a calibration: refused where its audio check finds it silent. */
export function caseOutcome(
  item: CaseItem,
  calibration: Calibration,
  check: AudioCheck,
  second?: SecondModels,
): CaseOutcome {
  const scored = check.silent ? null : scoreCase(item, calibration, check.cautions, second);
  return outcome(item.case.kind, item.case.labelId, scored);
}

/** A case's audio check; a case the checks lack is taken as speech without cautions. */
export function checkOf(checks: ReadonlyMap<string, AudioCheck>, item: CaseItem): AudioCheck {
  return checks.get(item.id) ?? { silent: false, cautions: [] };
}

function outcome(kind: CaseKind, labelId: string, scored: SpeakingResult | null): CaseOutcome {
  const [content, , , overall] = scored?.components ?? [];
  return {
    kind,
    labelId,
    refused: scored === null,
    unscorable: content?.status === 2,
    content: content?.score ?? 0,
    overall: overall?.score ?? 0,
    caution:
      content !== undefined && Math.max(...(scored?.components ?? []).map((c) => c.status)) === 1,
  };
}

function push(pairs: Pairs, predicted: number, expert: number, speaker: string): void {
  pairs.predicted.push(predicted);
  pairs.expert.push(expert);
  pairs.speakers.push(speaker);
}

export function scoreItem(
  item: CorpusItem,
  calibration: Calibration,
  check: AudioCheck,
  result: CrossValidation,
  rateBars: SpeechRateBars = SPEECH_RATE_BARS,
  second?: SecondModels,
): void {
  const { analysis, label, speaker } = item;
  const reading = secondReading(item, second, check.cautions);
  const readings = deliveryReadings(analysis, calibration, reading);
  const { features } = readings[0]!;
  // On the corpus's 0–10 scales, as the experts score.
  const estimate = (target: keyof UtteranceModels): number =>
    calibration[target].max * utteranceShare(target, readings);
  const accuracy = calibration.accuracy.max * pronunciationShare(analysis, calibration, readings);
  push(result.accuracy, accuracy, label.accuracy, speaker);
  const fluency = estimate('fluency');
  const max = calibration.fluency.max;
  const rates = readingRates(analysis, features, check.cautions);
  const rated = max * readingFluency(fluency / max, analysis, rates, rateBars);
  push(result.fluency, rated, label.fluency, speaker);
  push(result.fluencyModel, fluency, label.fluency, speaker);
  push(result.total, estimate('total'), label.total, speaker);
  const scored = check.silent ? null : scoreCase(item, calibration, check.cautions, second);
  push(result.overall, scored?.components[3]?.score ?? 0, label.total, speaker);
  const judged = scored === null ? 'not-the-text' : verdict(analysis, calibration, reading);
  const accepted = judged !== 'not-the-text';
  const labels = (scored?.words ?? []).filter((word) => word.label !== 'Pause');
  const context = answerContext(analysis, calibration, judged === 'doubtful');
  label.words.forEach((expert, slot) => {
    const index = accepted ? analysis.heard.findIndex((heard) => heard.slot === slot) : -1;
    const engineLabel = labels[slot]?.label ?? 'Missing';
    const row = LABEL_ROWS.indexOf(engineLabel as (typeof LABEL_ROWS)[number]);
    result.confusion[row < 0 ? 3 : row]![expertBand(expert.accuracy)]! += 1;
    const word = analysis.heard[index];
    if (!word) result.missingExpert.push(expert.accuracy);
    const wordValues = word ? wordFeatures(analysis, index, context) : null;
    const wordScore = wordValues ? predictBlend(calibration.word, wordValues) : 0;
    push(result.word, wordScore, expert.accuracy, speaker);
    if (word) push(result.wordHeard, wordScore, expert.accuracy, speaker);
    const phoneScores = (word?.phones ?? []).map((phone) =>
      predictBlend(
        calibration.phone,
        phoneFeatures(phone, word!, phoneTypical(calibration, phone.phone), wordValues!, context),
      ),
    );
    const match = word
      ? matchPhones(
          word.phones.map((phone) => phone.phone),
          expert.phones,
        )
      : [];
    const wordMean =
      phoneScores.reduce((sum, value) => sum + value, 0) / Math.max(1, phoneScores.length);
    expert.pa.forEach((pa, index) => {
      // An expected phone the aligner has no counterpart for gets the word's mean phone score.
      const phoneScore = word ? (phoneScores[match[index] ?? -1] ?? wordMean) : 0;
      push(result.phone, phoneScore, pa, speaker);
      if (word) push(result.phoneHeard, phoneScore, pa, speaker);
    });
  });
}

export function correlation(pairs: Pairs): number {
  return pearson(pairs.predicted, pairs.expert);
}

const BOOTSTRAP_ROUNDS = 1000;

/** r over `rounds` resamples of the speakers with replacement (a new-speaker forecast), seeded. */
export function bootstrapCorrelations(
  pairs: Pairs,
  seed = 12345,
  rounds = BOOTSTRAP_ROUNDS,
): number[] {
  const bySpeaker = new Map<string, number[]>();
  pairs.speakers.forEach((speaker, index) =>
    bySpeaker.set(speaker, [...(bySpeaker.get(speaker) ?? []), index]),
  );
  const groups = [...bySpeaker.values()];
  const random = seededRandom(seed);
  const values: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const predicted: number[] = [];
    const expert: number[] = [];
    for (let pick = 0; pick < groups.length; pick += 1) {
      for (const index of groups[Math.floor(random() * groups.length)]!) {
        predicted.push(pairs.predicted[index]!);
        expert.push(pairs.expert[index]!);
      }
    }
    values.push(pearson(predicted, expert));
  }
  return values;
}

/** The central 95% of values. */
export function interval95(values: readonly number[]): [number, number] {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (fraction: number): number => sorted[Math.floor(fraction * sorted.length)]!;
  return [at(0.025), at(0.975)];
}

/** 95% interval of r by resampling speakers with replacement (a new-speaker forecast). */
export function bootstrapInterval(pairs: Pairs): [number, number] {
  return interval95(bootstrapCorrelations(pairs));
}
