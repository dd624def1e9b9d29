import type { Word } from './contract/envelope.js';
import { isSaidLabel, isSentenceWordLabel } from './said-labels.js';
import { isUnsure } from './unsure-words.js';

/** rs: one word of the sentence as the engine judged it, in the sentence's order. */
export interface EngineReferenceWord {
  text: string;
  /** Heard (`Good`, `Average`, `Bad`), not `Missing`. */
  said: boolean;
  /** Said or `Missing` on thin evidence: the examiner should listen for it. */
  unsure: boolean;
  /** Milliseconds where it was heard; 0 and 0 when `Missing`. */
  start: number;
  end: number;
}

/**
 * Whether an rs entry of `data.words` is a word of the sentence: a word heard or `Missing`.
 * `Pause` entries and the `Inserted` words of a false start are not.
 */
export function isReferenceWord(word: Word): boolean {
  return isSentenceWordLabel(word.label);
}

/** The sentence's words of an rs result, in order (docs/api.md, words). */
export function engineReferenceWords(words: readonly Word[]): EngineReferenceWord[] {
  return words.filter(isReferenceWord).map((word) => ({
    text: word.word,
    said: isSaidLabel(word.label),
    unsure: isUnsure(word, 'rs'),
    start: word.start,
    end: word.end,
  }));
}

/**
 * For each entry of `data.words`, its position among the sentence's words, or null for an
 * entry that is not one: how marks kept by position find their word in the transcript.
 */
export function referenceWordPositions(words: readonly Word[]): Array<number | null> {
  let position = 0;
  return words.map((word) => (isReferenceWord(word) ? position++ : null));
}

/** What the examiner decided of a word where it is not what the engine judged. */
export type ExaminerWordChange = 'said' | 'not said';

/**
 * The examiner's mark of a word where it overturns the engine's judgement: "not said" on a
 * word the engine heard, "said" on one it missed; null where they agree or it is unmarked.
 */
export function examinerWordChange(
  engineSaid: boolean,
  examinerSaid: boolean | null,
): ExaminerWordChange | null {
  if (examinerSaid === null || examinerSaid === engineSaid) return null;
  return examinerSaid ? 'said' : 'not said';
}

/** How a changed word is annotated: "not said (examiner)". */
export function examinerWordNote(change: ExaminerWordChange): string {
  return `${change} (examiner)`;
}
