import { COMPONENT_STATUS } from '../../shared/contract/envelope.js';
import type { ScoreScale } from '../../shared/contract/quantize.js';
import type { SpeakingResult } from '../speaking/scorer.js';
import type { SpeechAnalysis } from '../speech/analysis.js';
import type { TextWord } from '../speech/lexicon.js';
import { predictBlend, type Calibration } from './calibration.js';
import { speakingComponents, type ComponentInput } from './components.js';
import { keywordCoverage, repeatSentenceMark } from './content.js';
import { innerPauses, utteranceFeatures } from './features.js';
import * as say from './suggestions.js';
import { heardWords, sequenceWords } from './words.js';

export interface ScoringInput {
  analysis: SpeechAnalysis;
  calibration: Calibration;
  scale: ScoreScale;
  durationMs: number;
  clipped: boolean;
  /** rl/di only: the keywords whose coverage is the content score. */
  keywords?: TextWord[];
}

export function scoreRepeatSentence(input: ScoringInput): SpeakingResult {
  const mark = repeatSentenceMark(input.analysis);
  const total = input.analysis.reference.length;
  const said = new Set(input.analysis.heard.map((word) => word.slot)).size;
  const content: ComponentInput = {
    fraction: mark / 3,
    status: COMPONENT_STATUS.scored,
    suggestion: say.contentSuggestion(
      'rs',
      said / Math.max(1, total),
      `${said} of ${total} words heard in order`,
    ),
  };
  return {
    components: speakingComponents(
      { content, contentNativeMax: 3, ...delivery(input) },
      input.scale,
    ),
    words: sequenceWords(input),
    transcription: transcription(input.analysis),
  };
}

export function scoreFreeSpeech(input: ScoringInput): SpeakingResult {
  const coverage = keywordCoverage(input.analysis, input.keywords ?? []);
  const share = coverage.total > 0 ? coverage.covered / coverage.total : 0;
  const content: ComponentInput = {
    fraction: share,
    status: coverage.total > 0 ? COMPONENT_STATUS.scored : COMPONENT_STATUS.unscorable,
    suggestion: say.contentSuggestion(
      'free',
      share,
      `${coverage.covered} of ${coverage.total} keywords heard`,
    ),
  };
  return {
    components: speakingComponents(
      { content, contentNativeMax: 5, ...delivery(input) },
      input.scale,
    ),
    words: heardWords(input),
    transcription: transcription(input.analysis),
  };
}

/** Pronunciation and fluency from the calibrated utterance models (0–10 on speechocean762's scale). */
function delivery(input: ScoringInput): { pronunciation: ComponentInput; fluency: ComponentInput } {
  const { analysis, calibration, clipped } = input;
  if (analysis.heard.length === 0) {
    const unscorable = {
      fraction: 0,
      status: COMPONENT_STATUS.unscorable,
      suggestion: say.NOTHING_HEARD,
    };
    return { pronunciation: unscorable, fluency: unscorable };
  }
  const features = utteranceFeatures(analysis);
  const status = clipped ? COMPONENT_STATUS.caution : COMPONENT_STATUS.scored;
  const pronunciation = predictBlend(calibration.accuracy, features) / calibration.accuracy.max;
  const fluency = predictBlend(calibration.fluency, features) / calibration.fluency.max;
  return {
    pronunciation: {
      fraction: pronunciation,
      status,
      suggestion: say.withCaution(say.pronunciationSuggestion(pronunciation), clipped),
    },
    fluency: {
      fraction: fluency,
      status,
      suggestion: say.withCaution(
        say.fluencySuggestion(fluency, innerPauses(analysis).length),
        clipped,
      ),
    },
  };
}

function transcription(analysis: SpeechAnalysis): string {
  return analysis.heard
    .map((word) => analysis.reference[word.slot]?.display ?? word.entry)
    .join(' ');
}
