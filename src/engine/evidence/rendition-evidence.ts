import { frameCount, gopOf, hasOwnAudio, senoneGop, wordGop } from './gop.js';
import type { HeardWord, SpeechAnalysis } from './speech-analysis.js';
import { mean, quantile } from './statistics.js';

/**
 * Evidence for the answer's verdict (scoring/verdict.ts): that the answer is the expected text at all, over every reference word aligned in
 * its place: how well the words fit the audio against the free phone loop and the best senone,
 * how often the loop heard the expected phones, and how many words the grammar decode chose.
 */
export const RENDITION_FEATURES = [
  'meanGop',
  'lowGop25',
  'meanSenoneGop',
  'agreement',
  'decodedShare',
  'heardShare',
  'decodedGop',
  'decodedSenoneGop',
  'decodedAgreement',
  'decodedMinGop',
  'frameGop',
  'phoneMatchPrecision',
  'phoneMatchRecall',
  'loopRepetition',
] as const;
export type RenditionFeatures = Record<(typeof RENDITION_FEATURES)[number], number>;

const NO_EVIDENCE = -100;

function meanOr(values: readonly number[], fallback: number): number {
  return values.length > 0 ? mean(values) : fallback;
}

/** A word the decoder chose, or one the aligner gave audio of its own. */
function present(word: HeardWord): boolean {
  return word.phones.length > 0 && (word.decoded || hasOwnAudio(word));
}

export function renditionFeatures(analysis: SpeechAnalysis): RenditionFeatures {
  const words = analysis.aligned.filter(present);
  const phones = words.flatMap((word) => word.phones);
  const decoded = words.filter((word) => word.decoded);
  const size = Math.max(1, analysis.reference.length);
  return {
    meanGop: meanOr(words.map(wordGop), NO_EVIDENCE),
    lowGop25: words.length > 0 ? quantile(words.map(wordGop), 0.25) : NO_EVIDENCE,
    meanSenoneGop: meanOr(phones.map(senoneGop), NO_EVIDENCE),
    agreement:
      meanOr(
        phones.map((phone) => phone.agreement * frameCount(phone)),
        0,
      ) / Math.max(1, meanOr(phones.map(frameCount), 1)),
    decodedShare: decoded.length / size,
    heardShare: words.length / size,
    decodedGop: meanOr(decoded.map(wordGop), NO_EVIDENCE),
    decodedSenoneGop: meanOr(decoded.flatMap((word) => word.phones).map(senoneGop), NO_EVIDENCE),
    decodedAgreement: meanOr(
      decoded.flatMap((word) => word.phones).map((phone) => phone.agreement),
      0,
    ),
    decodedMinGop: decoded.length > 0 ? Math.min(...decoded.map(wordGop)) : NO_EVIDENCE,
    frameGop: gopOf(analysis.aligned.flatMap((word) => word.phones)) ?? NO_EVIDENCE,
    ...phoneMatch(analysis),
    loopRepetition: selfRepetition(analysis.loopPhones),
  };
}

/**
 * How far what the free phone loop heard repeats itself: over every lag up to half its
 * length, the largest share of phones equal to the phone that lag later. A word said over and
 * over, which the grammar can stretch over a sentence that holds it, repeats at its own length:
 * on speechocean762 (bench/verifier-negatives.ts), half a second of a reading said six times,
 * each a little faster or slower, has a median of 0.40 (95th percentile 0.75), the readings
 * themselves 0.12 (highest 0.33).
 */
export function selfRepetition(phones: readonly string[]): number {
  let best = 0;
  for (let lag = 2; lag <= phones.length / 2; lag += 1) {
    let same = 0;
    for (let i = 0; i + lag < phones.length; i += 1) if (phones[i] === phones[i + lag]) same += 1;
    best = Math.max(best, same / (phones.length - lag));
  }
  return best;
}

/** Length of the longest common subsequence, in linear memory. */
export function commonSubsequence(a: readonly string[], b: readonly string[]): number {
  let previous = new Int32Array(b.length + 1);
  let current = new Int32Array(b.length + 1);
  for (const item of a) {
    for (let j = 1; j <= b.length; j += 1) {
      current[j] =
        item === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length] ?? 0;
}

/**
 * How far what the free phone loop heard follows the expected phones in order: the share of
 * the heard phones that do (precision) and of the expected phones that were heard (recall).
 */
function phoneMatch(analysis: SpeechAnalysis): {
  phoneMatchPrecision: number;
  phoneMatchRecall: number;
} {
  const expected = analysis.aligned.flatMap((word) => word.phones.map((phone) => phone.phone));
  const heard = analysis.loopPhones;
  const common = commonSubsequence(expected, heard);
  return {
    phoneMatchPrecision: common / Math.max(1, heard.length),
    phoneMatchRecall: common / Math.max(1, expected.length),
  };
}
