import {
  COMPONENT_STATUS,
  untimedWord,
  type Component,
  type Word,
  type WordLabel,
} from '../../../shared/contract/envelope.js';
import { ScoringError } from '../../../shared/contract/errors.js';
import {
  MAX_WFD_TEXT_LENGTH,
  type WriteFromDictationRequest,
} from '../../../shared/contract/requests.js';
import { GUESSING_CAUTION, looksLikeGuessing, privateNotes, suggestion } from './feedback.js';
import { matchAnswer } from './match.js';
import type { WordOutcome } from './outcome.js';
import { tokenise, type Token } from './tokens.js';
import { looksLikeUrl, normaliseText } from './text.js';

export interface WfdResult {
  components: Component[];
  words: Word[];
  /** The learner's answer after Unicode and whitespace normalisation, case and punctuation kept. */
  transcription: string;
}

/**
 * Limits apply to the text as compared: NFKC can turn one character into eighteen
 * ("\uFDFA"), so a short body must not become a long sentence after the check.
 */
function normalisedWithinLimit(text: string, field: 'question' | 'responseUser'): string {
  const normalised = normaliseText(text);
  if (normalised.length > MAX_WFD_TEXT_LENGTH) {
    const after = text.length > MAX_WFD_TEXT_LENGTH ? '' : ' after Unicode normalisation';
    throw new ScoringError(
      'INVALID_PARAMETER',
      `${field} must be at most ${MAX_WFD_TEXT_LENGTH} characters${after}`,
      field,
    );
  }
  return normalised;
}

function referenceWords(question: string): Token[] {
  if (looksLikeUrl(question)) {
    throw new ScoringError(
      'NOT_AVAILABLE',
      'transcribing dictation audio is not supported; send the dictated sentence as text',
      'question',
    );
  }
  const words = tokenise(normalisedWithinLimit(question, 'question'));
  if (words.length === 0) {
    throw new ScoringError(
      'INVALID_PARAMETER',
      'question must contain at least one word',
      'question',
    );
  }
  return words;
}

const LABELS: Record<WordOutcome['kind'], WordLabel> = {
  correct: 'Good',
  missed: 'Missing',
  nearMiss: 'Bad',
  expanded: 'Bad',
  contracted: 'Bad',
  split: 'Bad',
  joined: 'Bad',
  covered: 'Bad',
};

/**
 * Write From Dictation: one point per reference word the answer contains, spelled
 * correctly, in any order; extra words cost nothing. `overall` repeats the points.
 */
export function scoreWriteFromDictation(request: WriteFromDictationRequest): WfdResult {
  const reference = referenceWords(request.question);
  const transcription = normalisedWithinLimit(request.responseUser, 'responseUser');
  const match = matchAnswer(reference, tokenise(transcription));
  const total = reference.length;
  const points = match.outcomes.filter((outcome) => outcome.kind === 'correct').length;
  const guessing = looksLikeGuessing(match, total);
  const status = guessing ? COMPONENT_STATUS.caution : COMPONENT_STATUS.scored;
  const advice = suggestion(reference, match, points, total) + (guessing ? GUESSING_CAUTION : '');
  return {
    components: [
      {
        name: 'Words',
        score: points,
        suggestion: advice,
        maxScore: total,
        status,
        privateNotes: privateNotes(reference, match, total),
      },
      {
        name: 'overall',
        score: points,
        suggestion: null,
        maxScore: 0,
        status,
        privateNotes: `${points} of ${total} ${total === 1 ? 'word' : 'words'} correct.`,
      },
    ],
    words: reference.map((token, index) =>
      untimedWord(token.display, LABELS[(match.outcomes[index] as WordOutcome).kind]),
    ),
    transcription,
  };
}
