import type { Task } from '../../../shared/contract/endpoints';

/** One colour per task in every chart, told apart by colour-blind readers as well. */
export const TASK_COLORS: Record<Task, string> = {
  rs: '#2b6cb0',
  di: '#c05621',
  rl: '#2f855a',
  wfd: '#805ad5',
};
