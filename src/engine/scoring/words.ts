import {
  untimedWord,
  type Phonic,
  type Phoneme,
  type Word,
} from '../../shared/contract/envelope.js';
import { scoreFraction, type ScoreScale } from '../../shared/contract/quantize.js';
import type { HeardWord, SpeechAnalysis } from '../evidence/speech-analysis.js';
import { FRAME_MS } from '../recognizer/acoustic-model.js';
import { baseWord } from '../recognizer/dictionary.js';
import { alignSpelling } from '../text/phonics.js';
import {
  answerContext,
  phoneTypical,
  predictBlend,
  type Calibration,
} from './models/calibration.js';
import {
  innerPauses,
  phoneFeatures,
  wordFeatures,
  type Pause,
  type UtteranceContext,
} from '../evidence/features.js';
import { wordLabel, wordShare } from './labels.js';

export interface WordContext {
  analysis: SpeechAnalysis;
  calibration: Calibration;
  scale: ScoreScale;
  /** Audio length, so no timing runs past the end of the recording. */
  durationMs: number;
  /** The verdict doubts the answer is the text (answerContext). */
  doubtful?: boolean;
}

/**
 * Repeat Sentence: every reference word in order, heard or Missing, with pauses where they fell;
 * the words of a false start come first, `Inserted`, since the sentence was read after them.
 * Each word says whether the engine is sure it was said or not (`unsure`: the examiner should
 * listen for it).
 */
export function sequenceWords(context: WordContext): Word[] {
  const { analysis } = context;
  const pauses = innerPauses(analysis);
  const answer = answerContext(analysis, context.calibration, context.doubtful);
  const words = analysis.reference.flatMap((reference, slot) => {
    const index = analysis.heard.findIndex((word) => word.slot === slot);
    const unsure = analysis.unsureSlots.includes(slot);
    if (index < 0) return [{ ...untimedWord(reference.display, 'Missing'), unsure }];
    return [
      { ...heardWord(index, reference.display, context, answer), unsure },
      ...pauseAfter(pauses, index),
    ];
  });
  return [...falseStartWords(analysis, context.durationMs), ...words];
}

/**
 * The words of a false start as `refText` writes them: a false start is the sentence's first
 * words (evidence/false-start.ts), so its n-th spoken word is the reference's n-th, and a word
 * said in several parts ("1990": nineteen ninety) is one entry over their time.
 */
function falseStartWords(analysis: SpeechAnalysis, durationMs: number): Word[] {
  const slots = analysis.reference.flatMap((word, slot) => word.spoken.map(() => slot));
  const entries: Array<{ slot: number; text: string; startFrame: number; endFrame: number }> = [];
  analysis.falseStart.forEach((segment, index) => {
    const slot = slots[index] ?? -1;
    const last = entries.at(-1);
    if (last && last.slot === slot) last.endFrame = segment.endFrame;
    else entries.push({ slot, ...segment });
  });
  return entries.map((entry) => ({
    ...insertedWord(entry, durationMs),
    word: analysis.reference[entry.slot]?.display ?? baseWord(entry.text),
  }));
}

/** A word heard but not part of the answer (a hesitation, an abandoned start): timed, unscored. */
export function insertedWord(
  segment: { text: string; startFrame: number; endFrame: number },
  durationMs: number,
): Word {
  return {
    word: baseWord(segment.text),
    label: 'Inserted',
    start: Math.min(durationMs, segment.startFrame * FRAME_MS),
    end: Math.min(durationMs, (segment.endFrame + 1) * FRAME_MS),
    pronunciation: 0,
    phonemes: null,
    phonics: null,
    duration: null,
    userStress: null,
  };
}

/** Each inserted word goes before the first timed word that starts after it. */
export function withInserted(words: readonly Word[], inserted: readonly Word[]): Word[] {
  const out = [...words];
  for (const word of [...inserted].sort((a, b) => a.start - b.start)) {
    const at = out.findIndex(
      (other) => other.label !== 'Pause' && other.start >= word.end - FRAME_MS,
    );
    out.splice(at < 0 ? out.length : at, 0, word);
  }
  return out;
}

/** Free speech: the words heard, in time order, with pauses. */
export function heardWords(context: WordContext): Word[] {
  const { analysis } = context;
  const pauses = innerPauses(analysis);
  const answer = answerContext(analysis, context.calibration, context.doubtful);
  return analysis.heard.flatMap((word, index) => [
    heardWord(index, analysis.reference[word.slot]?.display ?? word.entry, context, answer),
    ...pauseAfter(pauses, index),
  ]);
}

function pauseAfter(pauses: readonly Pause[], index: number): Word[] {
  return pauses
    .filter((pause) => pause.afterWord === index)
    .map((pause) => untimedWord('', 'Pause', pause.ms));
}

function heardWord(
  index: number,
  display: string,
  context: WordContext,
  answer: UtteranceContext,
): Word {
  const { analysis, calibration, scale, durationMs } = context;
  const word = analysis.heard[index]!;
  const wordValues = wordFeatures(analysis, index, answer);
  const score = predictBlend(calibration.word, wordValues);
  const fraction = wordShare(score, calibration.labels, calibration.word.max);
  const phoneFractions = word.phones.map(
    (phone) =>
      predictBlend(
        calibration.phone,
        phoneFeatures(phone, word, phoneTypical(calibration, phone.phone), wordValues, answer),
      ) / calibration.phone.max,
  );
  const phonemes: Phoneme[] = word.phones.map((phone, index) => ({
    value: phone.phone,
    pronunciation: scoreFraction(phoneFractions[index] ?? 0, scale),
  }));
  return {
    word: display,
    label: wordLabel(score, calibration.labels),
    start: Math.min(durationMs, word.startFrame * FRAME_MS),
    end: Math.min(durationMs, (word.endFrame + 1) * FRAME_MS),
    pronunciation: scoreFraction(fraction, scale),
    phonemes,
    phonics: phonics(display, word, phoneFractions, fraction, scale),
    duration: null,
    userStress: null,
  };
}

function phonics(
  display: string,
  word: HeardWord,
  phoneFractions: readonly number[],
  wordFraction: number,
  scale: ScoreScale,
): Phonic[] {
  const symbols = word.phones.map((phone) => phone.phone);
  if (!/^[a-z']+$/iu.test(display)) {
    return [{ spell: display, phoneme: symbols, overall: scoreFraction(wordFraction, scale) }];
  }
  return alignSpelling(display, symbols).map((piece) => {
    const fractions = piece.phones.map((index) => phoneFractions[index] ?? 0);
    const overall =
      fractions.reduce((sum, value) => sum + value, 0) / Math.max(1, fractions.length);
    return {
      spell: piece.spell,
      phoneme: piece.phones.map((index) => symbols[index] ?? ''),
      overall: scoreFraction(overall, scale),
    };
  });
}
