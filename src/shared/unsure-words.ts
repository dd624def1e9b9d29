import type { Task } from './contract/endpoints.js';
import type { Word } from './contract/envelope.js';
import { isSentenceWordLabel } from './said-labels.js';

/**
 * rs: a word of the sentence whose said decision rests on weak evidence (docs/api.md, words):
 * shown as said though it may not have been, or `Missing` though it may have been. A result
 * stored before the engine sent `unsure`, and every other task, has none.
 */
export function isUnsure(word: Word, task: Task): boolean {
  return task === 'rs' && word.unsure === true && isSentenceWordLabel(word.label);
}

export function unsureWords(words: readonly Word[], task: Task): Word[] {
  return words.filter((word) => isUnsure(word, task));
}

/** The tooltip of an unsure word, after its label and score. */
export const UNSURE_TITLE = 'The engine is not sure whether this word was said: listen for it';

/** The legend's name for the mark. */
export const UNSURE_NAME = 'Unsure: listen';

export const UNSURE_NOTE_LEAD = 'Listen to check:';

/** `“teachers”, “lunch”`: the words as the note quotes them. */
export function quotedWords(words: readonly Word[]): string {
  return words.map((word) => `“${word.word}”`).join(', ');
}

/** What follows the quoted words in the note, singular or plural. */
export function unsureReason(count: number): string {
  return count === 1
    ? 'the engine is not sure whether it was said.'
    : 'the engine is not sure whether these were said.';
}

/** `Listen to check: “teachers”, “lunch” — the engine is not sure whether these were said.` */
export function unsureNote(words: readonly Word[]): string {
  return `${UNSURE_NOTE_LEAD} ${quotedWords(words)} — ${unsureReason(words.length)}`;
}
