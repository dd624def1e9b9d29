import type { Task } from './contract/endpoints.js';
import type { Word } from './contract/envelope.js';

/**
 * In a free-speech answer (rl, di) an `Inserted` entry is a hesitation the engine heard ("um",
 * "uh"), never a word of the answer; in rs it is a word the candidate added to the sentence.
 */
export function marksHesitations(task: Task): boolean {
  return task === 'rl' || task === 'di';
}

export function isHesitation(word: Word, task: Task): boolean {
  return marksHesitations(task) && word.label === 'Inserted';
}

/** "Hesitation (um), 420 ms", or without the length when the entry is untimed. */
export function hesitationTitle(word: Word): string {
  const length = word.end > word.start ? `, ${word.end - word.start} ms` : '';
  return `Hesitation (${word.word || '…'})${length}`;
}
