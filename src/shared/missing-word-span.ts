import type { Word } from './contract/envelope.js';

function timed(word: Word): boolean {
  return word.end > word.start;
}

/**
 * rs: where to listen for a word the engine called `Missing`, which has no time of its own:
 * from the start of the timed word before it to the end of the timed word after it (from the
 * recording's start, or to its end, where there is none).
 */
export function missingWordSpan(
  words: readonly Word[],
  index: number,
): { start: number; end: number } {
  const before = words.slice(0, index).findLast(timed);
  const after = words.slice(index + 1).find(timed);
  return { start: before?.start ?? 0, end: after?.end ?? Number.POSITIVE_INFINITY };
}
