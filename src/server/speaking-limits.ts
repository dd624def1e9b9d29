import { ScoringError } from '../shared/contract/errors.js';
import type { SpeakingRequest } from '../shared/contract/requests.js';
import { MAX_WORD_LENGTH } from './limits.js';

function longestWord(text: string): number {
  let longest = 0;
  for (const word of text.split(/\s+/u)) longest = Math.max(longest, word.length);
  return longest;
}

function checkWords(text: string, field: string): void {
  const length = longestWord(text);
  if (length > MAX_WORD_LENGTH) {
    throw new ScoringError(
      'INVALID_PARAMETER',
      `${field} has a word of ${length} characters; a word may have at most ${MAX_WORD_LENGTH}`,
      field,
    );
  }
}

/**
 * What a speaking request may cost, checked before any audio is fetched. The number of words
 * is the contract's (1000, checked by the schema); a long grammar is bounded by the job's time
 * budget, an overlong word is refused here.
 */
export function checkSpeakingCost(request: SpeakingRequest): void {
  checkWords(request.refText, 'refText');
  (request.keywords ?? []).forEach((keyword, index) => checkWords(keyword, `keywords.${index}`));
}
