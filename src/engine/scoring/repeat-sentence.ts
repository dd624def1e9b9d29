import type { AudioCaution } from '../audio/cautions.js';
import { innerPauses, utteranceFeatures, type UtteranceFeatures } from '../evidence/features.js';
import type { SpeechAnalysis } from '../evidence/speech-analysis.js';
import { mean } from '../evidence/statistics.js';
import { COMPONENT_STATUS, untimedWord } from '../../shared/contract/envelope.js';
import { REPEAT_SENTENCE_CONTENT_MAX } from '../../shared/repeat-sentence-content.js';
import type { ScoreScale } from '../../shared/contract/quantize.js';
import { speakingComponents, type ComponentInput } from './components.js';
import { repeatedShare, repeatSentenceMark, wordsInOrder } from './content.js';
import { deliveryComponents, deliveryUnscorable, type DeliveryComponents } from './delivery.js';
import {
  predictUtterance,
  readingAccuracy,
  type Calibration,
  type UtteranceModels,
  type UtteranceTarget,
} from './models/calibration.js';
import type { SpeakingResult } from './result.js';
import { restartsOf, withFalseStart } from './false-start-fluency.js';
import {
  readingRates,
  SPEECH_RATE_BARS,
  withSpeechRate,
  type SpeechRateBars,
  type SpeechRates,
} from './speech-rate.js';
import type { SecondReading } from './second-reading.js';
import * as say from './suggestions.js';
import { verdict } from './verdict.js';
import { sequenceWords } from './words.js';

export interface ScoringInput {
  analysis: SpeechAnalysis;
  calibration: Calibration;
  scale: ScoreScale;
  durationMs: number;
  cautions: readonly AudioCaution[];
  /** Where the engine has a second model it can trust on this answer (second-opinion.ts). */
  second?: SecondReading;
}

export function scoreRepeatSentence(input: ScoringInput): SpeakingResult {
  const check = verdict(input.analysis, input.calibration, input.second);
  if (check === 'not-the-text') return notTheSentence(input);
  const mark = repeatSentenceMark(input.analysis, check === 'doubtful');
  const total = input.analysis.reference.length;
  const said = wordsInOrder(input.analysis);
  const content: ComponentInput = {
    fraction: mark / REPEAT_SENTENCE_CONTENT_MAX,
    status: check === 'doubtful' ? COMPONENT_STATUS.caution : COMPONENT_STATUS.scored,
    suggestion:
      check === 'doubtful'
        ? say.DOUBTFUL_SENTENCE
        : say.repeatSentenceSuggestion(
            said / Math.max(1, total),
            `${said} of ${total} words heard in order`,
            new Set(input.analysis.unsureSlots).size,
          ),
  };
  const spoken = delivery(input);
  return {
    components: speakingComponents(
      {
        content,
        contentNativeMax: REPEAT_SENTENCE_CONTENT_MAX,
        ...spoken,
        overallShare: (spoken.total ?? 0) * repeatedShare(input.analysis, check === 'doubtful'),
      },
      input.scale,
    ),
    words: sequenceWords({ ...input, doubtful: check === 'doubtful' }),
    transcription: transcription(input.analysis),
  };
}

/**
 * Repeat Sentence whose audio is not the sentence (another text, noise, speech backwards):
 * content 0 and, as in the exam, no marks for pronunciation and fluency either; unscorable.
 */
function notTheSentence(input: ScoringInput): SpeakingResult {
  const none: ComponentInput = {
    fraction: 0,
    status: COMPONENT_STATUS.unscorable,
    suggestion: say.NOT_THE_SENTENCE,
  };
  return {
    components: speakingComponents(
      {
        content: none,
        contentNativeMax: REPEAT_SENTENCE_CONTENT_MAX,
        pronunciation: none,
        fluency: none,
      },
      input.scale,
    ),
    words: input.analysis.reference.map((word) => untimedWord(word.display, 'Missing')),
    transcription: '',
  };
}

interface Delivery extends DeliveryComponents {
  /** The experts' total as the total model predicts it, as a share (undefined: nothing heard). */
  total?: number;
}

/** One acoustic model's reading of the answer, as its delivery models see it. */
export interface DeliveryReading {
  calibration: UtteranceModels;
  features: UtteranceFeatures;
}

/** The readings the delivery is estimated from: the first model's, and the second's if heard. */
export function deliveryReadings(
  analysis: SpeechAnalysis,
  calibration: UtteranceModels,
  second?: SecondReading,
): DeliveryReading[] {
  return [
    { calibration, features: utteranceFeatures(analysis) },
    ...(second && second.analysis.heard.length > 0
      ? [{ calibration: second.calibration, features: utteranceFeatures(second.analysis) }]
      : []),
  ];
}

/**
 * An utterance score as a share of its top mark: the mean of each acoustic model's calibrated
 * estimate from its own reading of the answer. Two models trained apart err apart, and on
 * speakers no fit saw their mean agrees with the experts better than either alone
 * (BENCHMARKS.md, "Issue 19: both acoustic models' estimates of the delivery").
 */
export function utteranceShare(
  target: UtteranceTarget,
  readings: readonly DeliveryReading[],
): number {
  return mean(
    readings.map(
      ({ calibration, features }) =>
        predictUtterance(calibration, target, features) / calibration[target].max,
    ),
  );
}

/**
 * Pronunciation as a share of its top mark: the acoustic models' estimate (utteranceShare),
 * refined by Moonshine's reading of the answer (readingAccuracy).
 */
export function pronunciationShare(
  analysis: SpeechAnalysis,
  calibration: Calibration,
  readings: readonly DeliveryReading[],
): number {
  const max = calibration.accuracy.max;
  return readingAccuracy(calibration, analysis, max * utteranceShare('accuracy', readings)) / max;
}

/**
 * Pronunciation and fluency from the calibrated utterance models (0–10 on speechocean762's
 * scale), and the total model's estimate of the whole delivery.
 */
function delivery(input: ScoringInput): Delivery {
  const { analysis, calibration, cautions, second } = input;
  if (analysis.heard.length === 0) return deliveryUnscorable();
  const readings = deliveryReadings(analysis, calibration, second);
  const { features } = readings[0]!;
  return {
    total: utteranceShare('total', readings),
    ...deliveryComponents(
      {
        pronunciation: pronunciationShare(analysis, calibration, readings),
        fluency: readingFluency(
          utteranceShare('fluency', readings),
          analysis,
          readingRates(analysis, features, cautions),
        ),
        pauses: innerPauses(analysis).length,
        restarts: restartsOf(analysis),
      },
      cautions,
    ),
  };
}

/**
 * Repeat Sentence fluency as a share of its top mark: the models' estimate, held under the
 * ceiling of the reading's speech rate and, where the reader restarted, the false start's.
 */
export function readingFluency(
  fluency: number,
  analysis: Pick<SpeechAnalysis, 'falseStart'>,
  rates: SpeechRates,
  bars: SpeechRateBars = SPEECH_RATE_BARS,
): number {
  return withFalseStart(withSpeechRate(fluency, rates, bars), analysis);
}

function transcription(analysis: SpeechAnalysis): string {
  return analysis.heard
    .map((word) => analysis.reference[word.slot]?.display ?? word.entry)
    .join(' ');
}
