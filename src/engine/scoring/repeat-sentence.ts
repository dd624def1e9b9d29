import type { AudioCaution } from '../audio/cautions.js';
import { innerPauses, utteranceFeatures } from '../evidence/features.js';
import type { SpeechAnalysis } from '../evidence/speech-analysis.js';
import { COMPONENT_STATUS, untimedWord } from '../../shared/contract/envelope.js';
import { REPEAT_SENTENCE_CONTENT_MAX } from '../../shared/repeat-sentence-content.js';
import type { ScoreScale } from '../../shared/contract/quantize.js';
import { speakingComponents, type ComponentInput } from './components.js';
import { repeatedShare, repeatSentenceMark, wordsInOrder } from './content.js';
import { deliveryComponents, deliveryUnscorable, type DeliveryComponents } from './delivery.js';
import { predictBlend, type Calibration } from './models/calibration.js';
import type { SpeakingResult } from './result.js';
import { readingRates, withSpeechRate } from './speech-rate.js';
import * as say from './suggestions.js';
import { verdict } from './verdict.js';
import { sequenceWords } from './words.js';

export interface ScoringInput {
  analysis: SpeechAnalysis;
  calibration: Calibration;
  scale: ScoreScale;
  durationMs: number;
  cautions: readonly AudioCaution[];
}

export function scoreRepeatSentence(input: ScoringInput): SpeakingResult {
  const check = verdict(input.analysis, input.calibration);
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
    words: sequenceWords(input),
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

/**
 * Pronunciation and fluency from the calibrated utterance models (0–10 on speechocean762's
 * scale), and the total model's estimate of the whole delivery.
 */
function delivery(input: ScoringInput): Delivery {
  const { analysis, calibration, cautions } = input;
  if (analysis.heard.length === 0) return deliveryUnscorable();
  const features = utteranceFeatures(analysis);
  return {
    total: predictBlend(calibration.total, features) / calibration.total.max,
    ...deliveryComponents(
      {
        pronunciation: predictBlend(calibration.accuracy, features) / calibration.accuracy.max,
        fluency: withSpeechRate(
          predictBlend(calibration.fluency, features) / calibration.fluency.max,
          readingRates(analysis, features, cautions),
        ),
        pauses: innerPauses(analysis).length,
      },
      cautions,
    ),
  };
}

function transcription(analysis: SpeechAnalysis): string {
  return analysis.heard
    .map((word) => analysis.reference[word.slot]?.display ?? word.entry)
    .join(' ');
}
