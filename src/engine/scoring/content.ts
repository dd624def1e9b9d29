import {
  repeatedShare as shareOf,
  repeatSentenceContent,
} from '../../shared/repeat-sentence-content.js';
import type { SpeechAnalysis } from '../evidence/speech-analysis.js';

/**
 * Repeat Sentence content mark on the native 0–3 scale (shared/repeat-sentence-content.ts) of
 * the words heard. The sequence grammar only yields words in reference order, so the words
 * heard are exactly the longest in-order subsequence.
 */
export function repeatSentenceMark(analysis: SpeechAnalysis, doubtful = false): number {
  return repeatSentenceContent(wordsInOrder(analysis), analysis.reference.length, doubtful);
}

/**
 * The share of the sentence heard in order, which `overall` scales the delivery by; words said
 * unsurely earn half (shared/repeat-sentence-content.ts), words `Missing` unsurely nothing.
 */
export function repeatedShare(analysis: SpeechAnalysis, doubtful = false): number {
  const unsure = new Set(analysis.unsureSlots);
  return shareOf(
    wordsInOrder(analysis),
    analysis.reference.length,
    doubtful,
    new Set(analysis.heard.filter((word) => unsure.has(word.slot)).map((word) => word.slot)).size,
  );
}

/** How many reference words were heard; the sequence grammar keeps them in order. */
export function wordsInOrder(analysis: SpeechAnalysis): number {
  return new Set(analysis.heard.map((word) => word.slot)).size;
}
