import { TASK_TABLE, TASKS, type Task } from './tasks.js';

export { SPEAKING_COMPONENTS, TASKS, WFD_COMPONENTS, type Task } from './tasks.js';

/** The tasks scored from audio (skill "speaking" in tasks.ts). */
export type SpeakingTask = {
  [T in Task]: (typeof TASK_TABLE)[T]['skill'] extends 'speaking' ? T : never;
}[Task];

export const ENDPOINT_PATHS = Object.fromEntries(
  TASKS.map((task) => [task, TASK_TABLE[task].path]),
) as Record<Task, string>;

export const TASK_TITLES = Object.fromEntries(
  TASKS.map((task) => [task, TASK_TABLE[task].title]),
) as Record<Task, string>;

export function componentNames(task: Task): readonly string[] {
  return TASK_TABLE[task].components;
}

export function isSpeakingTask(task: Task): task is SpeakingTask {
  return TASK_TABLE[task].skill === 'speaking';
}
