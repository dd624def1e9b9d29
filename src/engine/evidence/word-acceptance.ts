import type { ModelName } from '../recognizer/models.js';
import { baseWord } from '../recognizer/dictionary.js';
import { isSilence } from '../recognizer/recognize.js';
import { frameCount, phoneGop, wordGop } from './gop.js';
import { SAID_MODELS } from './said-model.js';
import type { HeardWord, SpeechAnalysis } from './speech-analysis.js';

/**
 * Which aligned words count as said. Every reference word is force-aligned in its place; a word
 * is said only when the audio supports it against its competitors: how its alignment scores
 * against the free phone loop over the same frames, how long it lasts, how often the loop heard
 * its phones, whether the grammar decode chose it or put silence there, whether the decoder
 * heard the sentence on both sides of it, and how loud it is against the answer's speech. A
 * logistic model weighs that evidence (said-model.ts, fitted by bench/so762-said.ts on
 * speechocean762's train speakers: words of real readings against words put into the
 * reference that were not said).
 */
export const SAID_FEATURES = [
  'decoded',
  'gop',
  'minPhoneGop',
  'framesPerPhone',
  'agreement',
  'senoneFit',
  'decodedBefore',
  'decodedAfter',
  'phones',
  'chosenShare',
  'silenceShare',
  'levelDb',
] as const;
export type SaidFeatures = Record<(typeof SAID_FEATURES)[number], number>;

/** The said decision's logistic model: standardised features, weights and intercept. */
export interface SaidWeights {
  features: readonly string[];
  mean: readonly number[];
  scale: readonly number[];
  weights: readonly number[];
  intercept: number;
}

export interface SaidModel extends SaidWeights {
  /** A word is said when the model's probability is at least this. */
  threshold: number;
  /** A said word under this probability is said unsurely: the examiner should listen to it. */
  sureThreshold: number;
  /**
   * A word under the threshold is `Missing` unsurely at this probability or above: it may have
   * been said, and the examiner should listen for it.
   */
  sureMissingThreshold: number;
}

/**
 * A second acoustic model's say on the words the first is not sure of (second-opinion.ts): a
 * logistic model over the first model's evidence and the second's, prefixed `second.`.
 */
export interface SecondOpinionModel extends SaidWeights {
  /** The acoustic model asked. */
  model: ModelName;
  /** A word the first model is not sure of is said when the joint probability is at least this. */
  threshold: number;
  /** Under the threshold, such a word is `Missing` unsurely at this joint probability or above. */
  sureMissingThreshold: number;
}

type Aligned = Pick<SpeechAnalysis, 'aligned' | 'reference' | 'decodedPath'>;

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/** The evidence that the aligned word at `index` was said. */
export function saidFeatures(analysis: Aligned, index: number): SaidFeatures {
  const word = analysis.aligned[index]!;
  const frames = word.phones.reduce((sum, phone) => sum + frameCount(phone), 0);
  const phones = Math.max(1, word.phones.length);
  const decodedSlots = analysis.aligned.filter((other) => other.decoded).map((o) => o.slot);
  return {
    decoded: word.decoded ? 1 : 0,
    gop: clamp(wordGop(word), -70, 10),
    minPhoneGop: clamp(Math.min(0, ...word.phones.map(phoneGop)), -150, 0),
    framesPerPhone: Math.log(Math.max(1, frames) / phones),
    agreement: word.phones.reduce((sum, phone) => sum + phone.agreement, 0) / phones,
    senoneFit: clamp(
      word.phones.reduce((sum, phone) => sum + phone.acousticScore, 0) / Math.max(1, frames),
      -150,
      0,
    ),
    decodedBefore: decodedSlots.some((slot) => slot < word.slot) ? 1 : 0,
    decodedAfter: decodedSlots.some((slot) => slot > word.slot) ? 1 : 0,
    phones: Math.log(phones),
    ...decoderCover(analysis.decodedPath, word),
    levelDb: clamp(word.levelDb, -60, 5),
  };
}

/**
 * What the grammar decode put over the word's aligned frames: the word itself, or silence;
 * shares of its frames. (The noise fillers, +SPN+ among them, never covered a word's frames
 * in the fit's 3,322 words, so they are not evidence here.)
 */
function decoderCover(
  path: Aligned['decodedPath'],
  word: HeardWord,
): Pick<SaidFeatures, 'chosenShare' | 'silenceShare'> {
  const own = new Set(word.entry.split(' ').map(baseWord));
  const frames = frameCount(word);
  const share = (keep: (text: string) => boolean): number =>
    path
      .filter((segment) => keep(segment.text))
      .reduce(
        (sum, segment) =>
          sum +
          Math.max(
            0,
            Math.min(segment.endFrame, word.endFrame) -
              Math.max(segment.startFrame, word.startFrame) +
              1,
          ),
        0,
      ) / frames;
  return {
    chosenShare: share((text) => own.has(baseWord(text))),
    silenceShare: share(isSilence),
  };
}

/** The said decision fitted on the evidence of the acoustic model `name` (said-model.ts). */
export function saidModelFor(name: string): SaidModel {
  const model = (SAID_MODELS as Record<string, SaidModel | undefined>)[name];
  if (!model) throw new Error(`No said decision is fitted for the acoustic model ${name}.`);
  return model;
}

/** The log-odds, under the fitted model, that the evidence comes from a word that was said. */
export function saidLogOdds(
  features: Readonly<Record<string, number>>,
  model: SaidWeights,
): number {
  return model.features.reduce(
    (sum, name, index) =>
      sum +
      (model.weights[index]! * ((features[name] ?? 0) - model.mean[index]!)) / model.scale[index]!,
    model.intercept,
  );
}

/** The probability, under the fitted model, that the evidence comes from a word that was said. */
export function saidProbability(
  features: Readonly<Record<string, number>>,
  model: SaidWeights,
): number {
  return 1 / (1 + Math.exp(-saidLogOdds(features, model)));
}

/** Log-odds beyond which the said evidence is certain either way. */
const SAID_LOG_ODDS_LIMIT = 12;

/**
 * The aligned words, each with how surely it was said (`saidLogOdds`, clamped): the said
 * decision reads it, and so do the word scores (evidence/features.ts), since a word put into the
 * reference that the learner did not say, yet kept, has little of the decoder's support, and GOP
 * alone lets a good reader's substitute pass as `Average` or `Good`.
 */
export function weighSaid(analysis: Aligned, model: SaidModel): HeardWord[] {
  return analysis.aligned.map((word, index) => ({
    ...word,
    saidLogOdds:
      word.phones.length === 0
        ? 0
        : clamp(
            saidLogOdds(saidFeatures(analysis, index), model),
            -SAID_LOG_ODDS_LIMIT,
            SAID_LOG_ODDS_LIMIT,
          ),
  }));
}

export function logOdds(probability: number): number {
  return Math.log(probability / (1 - probability));
}

/** Every aligned word weighed (weighSaid), the words said, and those whose decision is unsure. */
export function decideSaid(
  analysis: Aligned,
  model: SaidModel,
): Pick<SpeechAnalysis, 'aligned' | 'heard' | 'unsureSlots'> {
  const aligned = weighSaid(analysis, model);
  const heard = acceptedWords(aligned, model);
  return { aligned, heard, unsureSlots: unsureSlots(aligned, heard, model) };
}

/** The weighed words (weighSaid) the audio supports. */
export function acceptedWords(weighed: readonly HeardWord[], model: SaidModel): HeardWord[] {
  const bar = logOdds(model.threshold);
  return weighed.filter((word) =>
    word.phones.length === 0 ? word.decoded : word.saidLogOdds >= bar,
  );
}

/**
 * The slots of the weighed words whose said decision is unsure: said (`heard`) under the sure
 * bar, where most of the kept words that were not said lie, or `Missing` at or over the
 * sure-Missing bar, where most of the said words called `Missing` lie.
 */
export function unsureSlots(
  weighed: readonly HeardWord[],
  heard: readonly HeardWord[],
  model: SaidModel,
): number[] {
  const said = new Set(heard.map((word) => word.slot));
  const sure = logOdds(model.sureThreshold);
  const sureMissing = logOdds(model.sureMissingThreshold);
  return weighed
    .filter(
      (word) =>
        word.phones.length > 0 &&
        (said.has(word.slot) ? word.saidLogOdds < sure : word.saidLogOdds >= sureMissing),
    )
    .map((word) => word.slot);
}
