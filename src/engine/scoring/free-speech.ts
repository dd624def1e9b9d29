import type { AudioCaution } from '../audio/cautions.js';
import { untimedWord, type Word } from '../../shared/contract/envelope.js';
import type { ScoreScale } from '../../shared/contract/quantize.js';
import type { SpeakingResult } from './result.js';
import type { SpeechAnalysis } from '../evidence/speech-analysis.js';
import type { FreeSpeechAnalysis, PhraseAnalysis } from '../evidence/free-speech.js';
import { FRAME_MS } from '../recognizer/acoustic-model.js';
import { wordGop } from '../evidence/gop.js';
import { predictBlend, type Calibration } from './models/calibration.js';
import { speakingComponents } from './components.js';
import {
  innerPauses,
  PAUSE_MIN_MS,
  utteranceFeatures,
  type UtteranceFeatures,
} from '../evidence/features.js';
import { freeContent, type FreeTask } from './free-content.js';
import { spotKeyPoints, type KeyPoint, type KeyPointBars, type SpokenWord } from './key-points.js';
import { deliveryComponents, deliveryUnscorable, type DeliveryComponents } from './delivery.js';
import * as say from './suggestions.js';
import { heardWords, insertedWord, withInserted } from './words.js';
import { withSpeechRate } from './speech-rate.js';

/**
 * A key point counts as said when the GOP (per frame, against the free phone loop) of its
 * least supported word reaches the bar: a lower one inside a phrase verified as part of a
 * prompt sentence. `npm run bench:retell` chooses bars by F1 on speaker-grouped folds of
 * speechocean762 retell answers: 7.5 for words alone in all folds but one; for verified
 * phrases anything from −60 to −15, where F1 on all answers stays within 0.01 (0.755–0.749).
 * −15 is the most precise of those (0.80 against 0.77), and the only one that keeps a
 * synthetic off-topic phrase, passed by the verdict as a prompt sentence, from earning
 * that sentence's key points (test/integration/free-speech-http.test.ts).
 */
export const KEY_POINT_BARS: KeyPointBars = { followsPrompt: -15, alone: 7.5 };
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

export function scoreFreeSpeech(input: FreeSpeechInput): SpeakingResult {
  const spoken = spokenWords(input.analysis);
  const spotted = spotKeyPoints(input.keyPoints, spoken, KEY_POINT_BARS);
  const content = freeContent(input.task, spotted, spoken);
  const shown = input.analysis.phrases.map(shownWords);
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
  };
}

/**
 * The phrase's words an examiner is shown: all of a phrase verified as a prompt sentence;
 * elsewhere only those heard as surely as a key point must be (the rest are the decoder's
 * guesses at words outside the prompt, which it can only name with prompt words).
 */
function shownWords(phrase: PhraseAnalysis): SpeechAnalysis {
  if (phrase.followsPrompt) return phrase.analysis;
  const heard = phrase.analysis.heard.filter((word) => wordGop(word) >= KEY_POINT_BARS.alone);
  return { ...phrase.analysis, heard };
}

/** The words heard, in time order, with how well their sounds support them. */
export function spokenWords(analysis: FreeSpeechAnalysis): SpokenWord[] {
  return analysis.phrases.flatMap((phrase, index) =>
    phrase.analysis.heard.map((word) => ({
      spoken: phrase.analysis.reference[word.slot]?.spoken[0] ?? word.entry,
      confidence: wordGop(word),
      startMs: word.startFrame * FRAME_MS,
      endMs: (word.endFrame + 1) * FRAME_MS,
      phrase: index,
      followsPrompt: phrase.followsPrompt,
    })),
  );
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
      const features = withGapBefore(utteranceFeatures(phrase.analysis), phrase);
      return {
        weight: features.logSpan > 0 ? Math.expm1(features.logSpan) : 0,
        accuracy: predictBlend(calibration.accuracy, features) / calibration.accuracy.max,
        fluency: withSpeechRate(
          predictBlend(calibration.fluency, features) / calibration.fluency.max,
          features.articulationRate,
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
 * The words heard, phrase by phrase, with the pauses inside and between phrases and the
 * hesitations (`Inserted`, timed, unscored) where they fell.
 */
function answerWords(input: FreeSpeechInput, shown: readonly SpeechAnalysis[]): Word[] {
  const { calibration, scale, durationMs } = input;
  const words: Word[] = [];
  let previousEnd: number | null = null;
  for (const analysis of shown) {
    const heard = heardWords({ analysis, calibration, scale, durationMs });
    const first = heard.find((word) => word.label !== 'Pause');
    if (first && previousEnd !== null && first.start - previousEnd >= PAUSE_MIN_MS) {
      words.push(untimedWord('', 'Pause', first.start - previousEnd));
    }
    words.push(...heard);
    previousEnd = heard.findLast((word) => word.label !== 'Pause')?.end ?? previousEnd;
  }
  const hesitations = input.analysis.phrases.flatMap((phrase) =>
    phrase.hesitations.map((segment) => insertedWord(segment, durationMs)),
  );
  return withInserted(words, hesitations);
}
