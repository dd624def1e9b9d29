import { FRAME_MS } from '../recognizer/acoustic-model.js';
import { isSilence, type AlignedPhone } from '../recognizer/recognize.js';
import { frameCount, NO_GOP, phoneGop, senoneGop, wordGop } from './gop.js';
import { readsAsWritten } from './neural-reading.js';
import type { HeardWord, SpeechAnalysis } from './speech-analysis.js';
import { mean, quantile, standardDeviation } from './statistics.js';

/** Silences inside the answer at least this long count as pauses (and are listed as Pause words). */
export const PAUSE_MIN_MS = 300;
/** A phone whose GOP is below this is "poorly matched" for the low-GOP share feature. */
const LOW_GOP = -35;
const POSTERIOR_FLOOR = 1e-3;

export function logPosterior(phone: AlignedPhone): number {
  return Math.log(Math.max(POSTERIOR_FLOOR, phone.posterior));
}

function meanAgreement(phones: readonly AlignedPhone[]): number {
  return mean(phones.map((phone) => phone.agreement));
}

export interface Pause {
  /** Index in `heard` of the word the pause follows. */
  afterWord: number;
  ms: number;
}

/** Silences and noises between the first and the last heard word, merged where adjacent. */
export function innerPauses(analysis: SpeechAnalysis): Pause[] {
  const pauses: Pause[] = [];
  analysis.heard.forEach((word, index) => {
    const next = analysis.heard[index + 1];
    if (!next) return;
    const frames = analysis.fillers
      .filter((filler) => filler.startFrame >= word.endFrame && filler.endFrame <= next.startFrame)
      .reduce((sum, filler) => sum + frameCount(filler), 0);
    if (frames * FRAME_MS >= PAUSE_MIN_MS) pauses.push({ afterWord: index, ms: frames * FRAME_MS });
  });
  return pauses;
}

export const UTTERANCE_FEATURES = [
  'meanGop',
  'lowGop10',
  'lowGopShare',
  'minWordGop',
  'gopSpread',
  'meanLogPosterior',
  'meanSenoneGop',
  'agreement',
  'completeness',
  'rejectedShare',
  'speechRate',
  'articulationRate',
  'pauseCount',
  'pauseShare',
  'longestPause',
  'noiseCount',
  'durationSpread',
  'logSpan',
] as const;

export type UtteranceFeatures = Record<(typeof UTTERANCE_FEATURES)[number], number>;

const PAUSE_FEATURES: ReadonlySet<string> = new Set(['pauseCount', 'pauseShare', 'longestPause']);

/**
 * What the utterance-accuracy model reads: the features as if the inner pauses had not been
 * there (withoutPauses), the pauses' own left out. Pronunciation is how the words sound, not
 * when they come: a pause costs fluency, not pronunciation (BENCHMARKS.md, "a pause costs
 * fluency, not pronunciation").
 */
export const ACCURACY_FEATURES = UTTERANCE_FEATURES.filter((name) => !PAUSE_FEATURES.has(name));

export function utteranceFeatures(analysis: SpeechAnalysis): UtteranceFeatures {
  const phones = analysis.heard.flatMap((word) => word.phones);
  const gops = phones.map(phoneGop);
  const durations = phones.map((phone) => frameCount(phone) * FRAME_MS);
  const spanMs = speechSpanMs(analysis);
  const pauses = innerPauses(analysis);
  const pauseMs = pauses.reduce((sum, pause) => sum + pause.ms, 0);
  const phoneMs = durations.reduce((sum, value) => sum + value, 0);
  const referenceSize = Math.max(1, analysis.reference.length);
  return {
    meanGop: phones.length ? mean(analysis.heard.map(wordGop)) : NO_GOP,
    lowGop10: phones.length ? quantile(gops, 0.1) : NO_GOP,
    lowGopShare: phones.length ? gops.filter((gop) => gop < LOW_GOP).length / phones.length : 1,
    minWordGop: analysis.heard.length ? Math.min(...analysis.heard.map(wordGop)) : NO_GOP,
    gopSpread: standardDeviation(gops),
    meanLogPosterior: phones.length ? mean(phones.map(logPosterior)) : Math.log(POSTERIOR_FLOOR),
    meanSenoneGop: phones.length ? mean(phones.map(senoneGop)) : NO_GOP,
    agreement: meanAgreement(phones),
    completeness: new Set(analysis.heard.map((word) => word.slot)).size / referenceSize,
    rejectedShare: analysis.rejected / referenceSize,
    speechRate: spanMs > 0 ? (phones.length * 1000) / spanMs : 0,
    articulationRate: phoneMs > 0 ? (phones.length * 1000) / phoneMs : 0,
    pauseCount: pauses.length,
    pauseShare: spanMs > 0 ? pauseMs / spanMs : 0,
    longestPause: Math.max(0, ...pauses.map((pause) => pause.ms)) / 1000,
    noiseCount: innerNoises(analysis),
    durationSpread: durations.length
      ? standardDeviation(durations) / Math.max(1, mean(durations))
      : 0,
    logSpan: Math.log(1 + spanMs / 1000),
  };
}

/**
 * The features as if the answer's inner pauses had not been there: no pauses, and the rate and
 * span of the speech without them. The word and phone models read the answer's accuracy from
 * these (answerContext), so that one pause does not mark down words said well anywhere in the
 * answer: with the pauses in, a 1 s pause lowered that context by 0.78 of 10 on average over 27
 * test-speaker readings, and so moved their words' labels (BENCHMARKS.md).
 */
export function withoutPauses<Features extends Partial<UtteranceFeatures>>(
  features: Features,
): Features {
  const speaking = 1 - Math.min(features.pauseShare ?? 0, 0.99);
  return {
    ...features,
    speechRate: (features.speechRate ?? 0) / speaking,
    pauseCount: 0,
    pauseShare: 0,
    longestPause: 0,
    logSpan: Math.log1p(Math.expm1(features.logSpan ?? 0) * speaking),
  };
}

/**
 * The features as if the reference had held only the words heard: none missing, none rejected.
 * The word and phone models read the answer's accuracy from these where the verdict takes the
 * answer for the text (answerContext), so that words left unsaid do not mark down the words said
 * well: readings stopped halfway turned 16 of 22 words Good in the whole reading into Average or
 * Bad (BENCHMARKS.md).
 */
export function withoutUnsaid<Features extends Partial<UtteranceFeatures>>(
  features: Features,
): Features {
  return { ...features, completeness: 1, rejectedShare: 0 };
}

function speechSpanMs(analysis: SpeechAnalysis): number {
  const first = analysis.heard[0];
  const last = analysis.heard.at(-1);
  return first && last ? (last.endFrame - first.startFrame + 1) * FRAME_MS : 0;
}

/** Hesitation sounds and noises the aligner put between words (not plain silence). */
function innerNoises(analysis: SpeechAnalysis): number {
  const first = analysis.heard[0];
  const last = analysis.heard.at(-1);
  if (!first || !last) return 0;
  return analysis.fillers.filter(
    (filler) =>
      !isSilence(filler.text) &&
      filler.startFrame > first.startFrame &&
      filler.endFrame < last.endFrame,
  ).length;
}

/**
 * Moonshine's support as Repeat Sentence's reading models read it (scoring/models/calibration.ts,
 * ReadingModels), kept within a range: a word the audio contradicts can fall to −30 or below.
 */
const SUPPORT_RANGE = { min: -10, max: 3 } as const;

/** What the reading models know of Moonshine's reading of the whole answer. */
export interface ReadingSupport {
  /** The mean support of the reference's words written in letters. */
  meanSupport: number;
  /** The least of them. */
  leastSupport: number;
}

/** A word's support, within the range; null for a word Moonshine's reading is no evidence on. */
function boundedSupport(analysis: SpeechAnalysis, slot: number): number | null {
  const support = analysis.supports?.[slot];
  const word = analysis.reference[slot];
  return support === undefined || !word || !readsAsWritten(word)
    ? null
    : Math.min(SUPPORT_RANGE.max, Math.max(SUPPORT_RANGE.min, support));
}

/** Moonshine's reading of the answer, or null where it did not read it (free speech, a long answer). */
export function readingSupport(analysis: SpeechAnalysis): ReadingSupport | null {
  const supports = analysis.reference
    .map((_, slot) => boundedSupport(analysis, slot))
    .filter((support) => support !== null);
  if (supports.length === 0) return null;
  return { meanSupport: mean(supports), leastSupport: Math.min(...supports) };
}

/** A word's support, within the range; the answer's mean for a word not written in letters. */
export function wordSupportValue(
  analysis: SpeechAnalysis,
  slot: number,
  reading: ReadingSupport,
): number {
  return boundedSupport(analysis, slot) ?? reading.meanSupport;
}

/**
 * What a word or phone model knows about the whole answer. Expert word and phone scores follow
 * the speaker's overall proficiency closely, which the utterance features capture far better
 * than one word's acoustics do.
 */
export interface UtteranceContext {
  /** The utterance-accuracy model's prediction for this answer (0–10). */
  accuracy: number;
  /** Mean word GOP over the heard words. */
  meanWordGop: number;
  /** Mean phone GOP over the heard words' phones. */
  meanPhoneGop: number;
}

export function utteranceContext(analysis: SpeechAnalysis, accuracy: number): UtteranceContext {
  const phones = analysis.heard.flatMap((word) => word.phones);
  return {
    accuracy,
    meanWordGop: analysis.heard.length ? mean(analysis.heard.map(wordGop)) : NO_GOP,
    meanPhoneGop: phones.length ? mean(phones.map(phoneGop)) : NO_GOP,
  };
}

export const WORD_FEATURES = [
  'wordGop',
  'minPhoneGop',
  'meanLogPosterior',
  'senoneGop',
  'agreement',
  'phoneCount',
  'msPerPhone',
  'utteranceAccuracy',
  'utteranceGop',
  'gopVsUtterance',
  'previousGop',
  'nextGop',
  'saidLogOdds',
] as const;
export type WordFeatures = Record<(typeof WORD_FEATURES)[number], number>;

/**
 * Features of `analysis.heard[index]`: its own acoustics, how surely it was said, the answer's
 * level and the GOP of the heard words either side (the answer's mean where there is none).
 */
export function wordFeatures(
  analysis: SpeechAnalysis,
  index: number,
  context: UtteranceContext,
): WordFeatures {
  const word = analysis.heard[index]!;
  const gops = word.phones.map(phoneGop);
  const gop = wordGop(word);
  const neighbour = (other: HeardWord | undefined): number =>
    other ? wordGop(other) : context.meanWordGop;
  return {
    wordGop: gop,
    minPhoneGop: gops.length ? Math.min(...gops) : NO_GOP,
    meanLogPosterior: word.phones.length
      ? mean(word.phones.map(logPosterior))
      : Math.log(POSTERIOR_FLOOR),
    senoneGop: word.phones.length ? mean(word.phones.map(senoneGop)) : NO_GOP,
    agreement: meanAgreement(word.phones),
    phoneCount: word.phones.length,
    msPerPhone:
      ((word.endFrame - word.startFrame + 1) * FRAME_MS) / Math.max(1, word.phones.length),
    utteranceAccuracy: context.accuracy,
    utteranceGop: context.meanWordGop,
    gopVsUtterance: gop - context.meanWordGop,
    previousGop: neighbour(analysis.heard[index - 1]),
    nextGop: neighbour(analysis.heard[index + 1]),
    saidLogOdds: word.saidLogOdds,
  };
}

export const PHONE_FEATURES = [
  'gop',
  'relativeGop',
  'senoneGop',
  'agreement',
  'logPosterior',
  'frames',
  'wordGop',
  'gopVsWord',
  'gopVsUtterance',
  'wordMinPhoneGop',
  'wordLogPosterior',
  'wordSenoneGop',
  'wordAgreement',
  'wordPhoneCount',
  'wordMsPerPhone',
  'utteranceAccuracy',
  'utteranceGop',
  'typicalAccuracy',
] as const;
export type PhoneFeatures = Record<(typeof PHONE_FEATURES)[number], number>;

/** How a phone symbol fares on the calibration data: some phones always score lower. */
export interface PhoneTypical {
  /** Mean GOP. */
  gop: number;
  /** Mean expert phone accuracy (0–2), shrunk towards the mean of all phones. */
  accuracy: number;
}

/**
 * `wordValues` holds the features of the word the phone belongs to (from `wordFeatures`).
 */
export function phoneFeatures(
  phone: AlignedPhone,
  word: HeardWord,
  typical: PhoneTypical,
  wordValues: WordFeatures,
  context: UtteranceContext,
): PhoneFeatures {
  const gop = phoneGop(phone);
  const phoneGops = word.phones.map(phoneGop);
  return {
    gop,
    relativeGop: gop - typical.gop,
    senoneGop: senoneGop(phone),
    agreement: phone.agreement,
    logPosterior: logPosterior(phone),
    frames: frameCount(phone),
    wordGop: wordValues.wordGop,
    gopVsWord: gop - (phoneGops.length ? mean(phoneGops) : gop),
    gopVsUtterance: gop - context.meanPhoneGop,
    wordMinPhoneGop: wordValues.minPhoneGop,
    wordLogPosterior: wordValues.meanLogPosterior,
    wordSenoneGop: wordValues.senoneGop,
    wordAgreement: wordValues.agreement,
    wordPhoneCount: wordValues.phoneCount,
    wordMsPerPhone: wordValues.msPerPhone,
    utteranceAccuracy: context.accuracy,
    utteranceGop: context.meanPhoneGop,
    typicalAccuracy: typical.accuracy,
  };
}
