import {
  COMPONENT_STATUS,
  untimedWord,
  type Component,
  type Word,
} from '../../shared/contract/envelope.js';
import { ScoringError } from '../../shared/contract/errors.js';
import {
  MAX_WFD_TEXT_LENGTH,
  type WriteFromDictationRequest,
} from '../../shared/contract/requests.js';
import {
  GUESSING_CAUTION,
  findingsOf,
  looksLikeGuessing,
  privateNotes,
  suggestion,
} from './feedback.js';
import { matchAnswer, type WordOutcome } from './match.js';
import { tokenise, type Token } from './tokens.js';
import { looksLikeUrl, normaliseText } from './text.js';

export interface WfdResult {
  components: Component[];
  words: Word[];
  /** The learner's answer after Unicode and whitespace normalisation, case and punctuation kept. */
  transcription: string;
}

function referenceWords(question: string): Token[] {
  if (looksLikeUrl(question)) {
    throw new ScoringError(
      'NOT_AVAILABLE',
      'transcribing dictation audio is not supported; send the dictated sentence as text',
      'question',
    );
  }
  if (question.length > MAX_WFD_TEXT_LENGTH) {
    throw new ScoringError(
      'INVALID_PARAMETER',
      `question must be at most ${MAX_WFD_TEXT_LENGTH} characters`,
      'question',
    );
  }
  const words = tokenise(question);
  if (words.length === 0) {
    throw new ScoringError(
      'INVALID_PARAMETER',
      'question must contain at least one word',
      'question',
    );
  }
  return words;
}

function wordEntry(token: Token, outcome: WordOutcome): Word {
  return untimedWord(token.display, outcome.kind === 'correct' ? 'Good' : 'Bad');
}

/**
 * Write From Dictation: one point per reference word the answer contains, spelled
 * correctly, in any order; extra words cost nothing. `overall` repeats the points.
 */
export function scoreWriteFromDictation(request: WriteFromDictationRequest): WfdResult {
  const reference = referenceWords(request.question);
  const match = matchAnswer(reference, tokenise(request.responseUser));
  const total = reference.length;
  const points = match.outcomes.filter((outcome) => outcome.kind === 'correct').length;
  const findings = findingsOf(reference, match);
  const guessing = looksLikeGuessing(findings, total);
  const status = guessing ? COMPONENT_STATUS.caution : COMPONENT_STATUS.scored;
  const advice = suggestion(findings, points, total) + (guessing ? GUESSING_CAUTION : '');
  return {
    components: [
      {
        name: 'Words',
        score: points,
        suggestion: advice,
        maxScore: total,
        status,
        privateNotes: privateNotes(findings, total),
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
    words: reference.map((token, index) => wordEntry(token, match.outcomes[index] as WordOutcome)),
    transcription: normaliseText(request.responseUser),
  };
}
