import type { Task } from './contract/endpoints.js';

/**
 * The order tasks come in the PTE-style exam: Repeat Sentence and Describe Image, then
 * Retell Lecture in the speaking part, and Write From Dictation at the end of listening.
 */
export const EXAM_ORDER: readonly Task[] = ['rs', 'di', 'rl', 'wfd'];

/** Sorts items into exam order, keeping the examiner's order within a task. */
export function inExamOrder<T extends { task: Task }>(items: T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        EXAM_ORDER.indexOf(a.item.task) - EXAM_ORDER.indexOf(b.item.task) || a.index - b.index,
    )
    .map(({ item }) => item);
}
