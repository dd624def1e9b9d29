import type { AudioCaution } from '../audio/cautions.js';
import { untimedWord, type KeyPointResult, type Word } from '../../shared/contract/envelope.js';
import type { ScoreScale } from '../../shared/contract/quantize.js';
import type { SpeakingResult } from './result.js';
import type { SpeechAnalysis } from '../evidence/speech-analysis.js';
import {
  evidenceParts,
  type FreeSpeechAnalysis,
  type PhraseAnalysis,
} from '../evidence/free-speech.js';
import { FRAME_MS } from '../recognizer/acoustic-model.js';
import { wordGop } from '../evidence/gop.js';
import { predictUtterance, type Calibration } from './models/calibration.js';
import { speakingComponents } from './components.js';
import {
  innerPauses,
  PAUSE_MIN_MS,
  utteranceFeatures,
  type UtteranceFeatures,
} from '../evidence/features.js';
import { freeContent, type FreeTask, type LectureOrder } from './free-content.js';
import {
  keyPointPlaces,
  wordConfidence,
  spotKeyPoints,
  type KeyPoint,
  type SpokenWord,
  type SpottedKeyPoint,
} from './key-points.js';
import { HEARD_BAR, SHOWN_WORD_BAR } from './models/key-point-model.js';
import { frameCount } from '../evidence/gop.js';
import type { DecodedSegment } from '../recognizer/acoustic-model.js';
import { deliveryComponents, deliveryUnscorable, type DeliveryComponents } from './delivery.js';
import * as say from './suggestions.js';
import { heardWords, insertedWord, withInserted } from './words.js';
import { withSpeechRate } from './speech-rate.js';

/**
 * A silence between two phrases this long counts as a pause of the phrase after it. Shorter
 * ones are the breath between sentences that a single sentence never has, and would make a
 * long answer score below its parts.
 */
export const LONG_GAP_SECONDS = 1;

export interface FreeSpeechInput {
  task: FreeTask;
  analysis: FreeSpeechAnalysis;
  keyPoints: readonly KeyPoint[];
  calibration: Calibration;
  scale: ScoreScale;
  durationMs: number;
  cautions: readonly AudioCaution[];
}

/** Speech the recogniser could not name, shorter than this, is left out of the words. */
const MIN_UNCLEAR_MS = 150;

export function scoreFreeSpeech(input: FreeSpeechInput): SpeakingResult {
  const spoken = spokenWords(input.analysis);
  const spotted = spotKeyPoints(input.keyPoints, spoken, HEARD_BAR);
  const marks = keyPointWords(spotted, spoken);
  const shown = input.analysis.phrases.flatMap((phrase) => shownWords(phrase, marks));
  const shownStarts = new Set(
    shown.flatMap((part) => part.heard.map((word) => word.startFrame * FRAME_MS)),
  );
  const content = freeContent(input.task, spotted, {
    words: spoken,
    shown: spoken.filter((word) => shownStarts.has(word.startMs)),
    speechMs: input.analysis.phrases.reduce(
      (sum, phrase) => sum + (phrase.endFrame - phrase.startFrame + 1) * FRAME_MS,
      0,
    ),
  });
  return {
    components: speakingComponents(
      {
        content,
        contentNativeMax: 5,
        // As in the exam, an answer with nothing relevant to say earns nothing for saying it.
        ...(content.relevant ? phraseDelivery(input) : deliveryUnscorable(say.NO_RELEVANT_CONTENT)),
      },
      input.scale,
    ),
    words: answerWords(input, shown),
    transcription: shown
      .flatMap((analysis) => analysis.heard.map((word) => analysis.reference[word.slot]?.display))
      .join(' '),
    keyPoints: spotted.map((point) => keyPointResult(point, input.durationMs, content.order)),
  };
}

/** A key point as the response carries it: the request's text, untouched. */
function keyPointResult(
  point: SpottedKeyPoint,
  durationMs: number,
  order: LectureOrder | null,
): KeyPointResult {
  const place = order?.inPlace.includes(point.keyPoint)
    ? 'in place'
    : order?.outOfPlace.includes(point.keyPoint)
      ? 'out of place'
      : null;
  return {
    text: point.keyPoint.display,
    heard: point.found !== null,
    confidence: Math.round(point.confidence * 1000) / 1000,
    start: point.found ? Math.min(durationMs, Math.round(point.found.startMs)) : 0,
    end: point.found ? Math.min(durationMs, Math.round(point.found.endMs)) : 0,
    ...(place ? { order: place } : {}),
  };
}

/** The words (by start, in ms) of the key points heard where they were heard, and of those not heard. */
interface KeyPointWords {
  heard: Set<number>;
  notHeard: Set<number>;
}

/**
 * The transcript agrees with the key points: a key point listed as heard shows its words where
 * it was heard, and one listed as not heard is never shown as words ("smallest" in the
 * transcript, the point "smallest" missed). The two decisions weigh the same evidence
 * differently (a short word alone needs more to count as a point), so they disagreed.
 */
function keyPointWords(
  spotted: readonly SpottedKeyPoint[],
  spoken: readonly SpokenWord[],
): KeyPointWords {
  const starts = (words: readonly SpokenWord[]): number[] => words.map((word) => word.startMs);
  const heard = spotted.flatMap((point) =>
    point.found === null
      ? []
      : starts(
          spoken.filter(
            (word) => word.startMs >= point.found!.startMs && word.endMs <= point.found!.endMs,
          ),
        ),
  );
  const notHeard = spotted
    .filter((point) => point.found === null)
    .flatMap((point) => keyPointPlaces(point.keyPoint, spoken).flatMap(({ run }) => starts(run)));
  return { heard: new Set(heard), notHeard: new Set(notHeard) };
}

/**
 * The phrase's words an examiner is shown: those the recogniser is sure enough were said
 * (SHOWN_WORD_BAR on the same calibrated confidence as a key point's), in agreement with the
 * key points (keyPointWords); the rest are spans of speech it cannot name, shown as `Unclear`
 * (answerWords). Where a spotted word and a word shown before it share frames (the sentence's
 * "US" and the keyword's "U S"), the first stays.
 */
function shownWords(phrase: PhraseAnalysis, marks: KeyPointWords): SpeechAnalysis[] {
  const taken: Array<{ startFrame: number; endFrame: number }> = [];
  return evidenceParts(phrase).map((part) => {
    const sure = (word: SpeechAnalysis['heard'][number]): boolean => {
      const start = word.startFrame * FRAME_MS;
      if (marks.heard.has(start)) return true;
      if (marks.notHeard.has(start)) return false;
      return wordConfidence(spokenWord(part, 0, sentenceOf(phrase, part), word)) >= SHOWN_WORD_BAR;
    };
    const heard = part.heard.filter(
      (word) =>
        sure(word) &&
        !taken.some(
          (other) => other.startFrame <= word.endFrame && other.endFrame >= word.startFrame,
        ),
    );
    taken.push(...heard);
    return { ...part, heard };
  });
}

/**
 * The words heard, phrase by phrase, with the evidence for each: a phrase's own words, then
 * each run of key-point words spotted beside a verified sentence (its own run of words).
 */
export function spokenWords(analysis: FreeSpeechAnalysis): SpokenWord[] {
  let run = 0;
  return analysis.phrases.flatMap((phrase) =>
    evidenceParts(phrase).flatMap((part) => {
      run += 1;
      return part.heard.map((word) => spokenWord(part, run, sentenceOf(phrase, part), word));
    }),
  );
}

/** The verdict's score for the prompt sentence a part of a phrase is, or null for a spotted run. */
function sentenceOf(phrase: PhraseAnalysis, part: SpeechAnalysis): number | null {
  return phrase.followsPrompt && part === phrase.analysis ? phrase.sentenceScore : null;
}

function spokenWord(
  analysis: SpeechAnalysis,
  run: number,
  sentenceScore: number | null,
  word: SpeechAnalysis['heard'][number],
): SpokenWord {
  return {
    spoken: analysis.reference[word.slot]?.spoken.join(' ') ?? word.entry,
    gop: wordGop(word),
    phones: word.phones.length,
    frames: frameCount(word),
    agreement:
      word.phones.reduce((sum, phone) => sum + phone.agreement * frameCount(phone), 0) /
      Math.max(1, frameCount(word)),
    startMs: word.startFrame * FRAME_MS,
    endMs: (word.endFrame + 1) * FRAME_MS,
    phrase: run,
    followsPrompt: sentenceScore !== null,
    sentenceScore: sentenceScore ?? 0,
  };
}

interface PhraseDelivery {
  weight: number;
  accuracy: number;
  fluency: number;
  pauses: number;
  hesitations: number;
}

/**
 * Pronunciation and fluency of each phrase by the calibrated sentence models, averaged over
 * the phrases weighted by their speech: a long answer scores what its parts score. A long
 * silence between phrases and the hesitations heard count against the phrase they precede.
 */
export function phraseDelivery(
  input: Pick<FreeSpeechInput, 'analysis' | 'calibration' | 'cautions'>,
): DeliveryComponents {
  const { calibration } = input;
  const phrases = input.analysis.phrases
    .filter((phrase) => phrase.analysis.heard.length > 0)
    .map((phrase): PhraseDelivery => {
      const own = utteranceFeatures(phrase.analysis);
      // The silence before a phrase and its hesitations are fluency's, not pronunciation's.
      const features = withGapBefore(own, phrase);
      return {
        weight: features.logSpan > 0 ? Math.expm1(features.logSpan) : 0,
        accuracy: predictUtterance(calibration, 'accuracy', own) / calibration.accuracy.max,
        fluency: withSpeechRate(
          predictUtterance(calibration, 'fluency', features) / calibration.fluency.max,
          // A phrase in the answer's own words aligns only its key points: no sounding rate.
          { articulation: features.articulationRate },
        ),
        pauses:
          innerPauses(phrase.analysis).length +
          (phrase.gapBeforeSeconds >= LONG_GAP_SECONDS ? 1 : 0),
        hesitations: phrase.hesitations.length,
      };
    });
  const weight = phrases.reduce((sum, phrase) => sum + phrase.weight, 0);
  if (phrases.length === 0 || weight <= 0) return deliveryUnscorable();
  const mean = (pick: (phrase: PhraseDelivery) => number): number =>
    phrases.reduce((sum, phrase) => sum + pick(phrase) * phrase.weight, 0) / weight;
  const count = (pick: (phrase: PhraseDelivery) => number): number =>
    phrases.reduce((sum, phrase) => sum + pick(phrase), 0);
  return deliveryComponents(
    {
      pronunciation: mean((phrase) => phrase.accuracy),
      fluency: mean((phrase) => phrase.fluency),
      pauses: count((phrase) => phrase.pauses),
      hesitations: count((phrase) => phrase.hesitations),
    },
    input.cautions,
  );
}

/** A long silence before a phrase is one more pause of that phrase; hesitations, noises. */
export function withGapBefore(
  features: UtteranceFeatures,
  phrase: PhraseAnalysis,
): UtteranceFeatures {
  const noiseCount = Math.max(features.noiseCount, phrase.hesitations.length);
  if (phrase.gapBeforeSeconds < LONG_GAP_SECONDS) return { ...features, noiseCount };
  const span = Math.expm1(features.logSpan);
  const gap = phrase.gapBeforeSeconds;
  return {
    ...features,
    pauseCount: features.pauseCount + 1,
    pauseShare: (features.pauseShare * span + gap) / (span + gap),
    longestPause: Math.max(features.longestPause, gap),
  };
}

/**
 * What the examiner is shown, in time order: the words heard surely enough, the hesitations
 * (`Inserted`), the rest of the speech as `Unclear` spans, and a `Pause` wherever two of these
 * are at least PAUSE_MIN_MS apart. Every stretch of speech is covered by an entry, so a pause
 * (read as the gap between its neighbours) only ever spans silence.
 */
function answerWords(input: FreeSpeechInput, shown: readonly SpeechAnalysis[]): Word[] {
  const { calibration, scale, durationMs } = input;
  const words = shown.flatMap((analysis) =>
    heardWords({ analysis, calibration, scale, durationMs }).filter(
      (word) => word.label !== 'Pause',
    ),
  );
  const hesitations = input.analysis.phrases.flatMap((phrase) =>
    phrase.hesitations.map((segment) => insertedWord(segment, durationMs)),
  );
  const named = withInserted(words, hesitations);
  const unclear = input.analysis.phrases.flatMap((phrase) =>
    unclearSpans(phrase, named, durationMs),
  );
  const timed = [...named, ...unclear].sort((a, b) => a.start - b.start);
  return timed.flatMap((word, index) => {
    const previous = timed[index - 1];
    const gap = previous ? word.start - previous.end : 0;
    return gap >= PAUSE_MIN_MS ? [untimedWord('', 'Pause'), word] : [word];
  });
}

/** The phrase's speech (not silence or noise) that no shown word or hesitation covers. */
function unclearSpans(phrase: PhraseAnalysis, named: readonly Word[], durationMs: number): Word[] {
  const quiet = phrase.silences.map((segment) => msSpan(segment));
  const covered = [...quiet, ...named.map((word) => ({ start: word.start, end: word.end }))];
  const spans = uncovered(
    msSpan({ startFrame: phrase.startFrame, endFrame: phrase.endFrame - 1 }),
    covered,
  );
  return spans
    .filter((span) => span.end - span.start >= MIN_UNCLEAR_MS)
    .map((span) => ({
      word: '',
      label: 'Unclear',
      start: Math.min(durationMs, span.start),
      end: Math.min(durationMs, span.end),
      pronunciation: 0,
      phonemes: null,
      phonics: null,
      duration: null,
      userStress: null,
    }));
}

interface Span {
  start: number;
  end: number;
}

function msSpan(segment: Pick<DecodedSegment, 'startFrame' | 'endFrame'>): Span {
  return { start: segment.startFrame * FRAME_MS, end: (segment.endFrame + 1) * FRAME_MS };
}

/** The parts of `whole` that none of `covers` overlaps. */
function uncovered(whole: Span, covers: readonly Span[]): Span[] {
  let parts: Span[] = [whole];
  for (const cover of covers) {
    parts = parts.flatMap((part) =>
      cover.end <= part.start || cover.start >= part.end
        ? [part]
        : [
            { start: part.start, end: cover.start },
            { start: cover.end, end: part.end },
          ].filter((piece) => piece.end > piece.start),
    );
  }
  return parts;
}
