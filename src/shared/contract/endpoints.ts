/** The four scoring tasks of the contract and where each is served. */
export const TASKS = ['rs', 'rl', 'di', 'wfd'] as const;
export type Task = (typeof TASKS)[number];

export const SPEAKING_TASKS = ['rs', 'rl', 'di'] as const;
export type SpeakingTask = (typeof SPEAKING_TASKS)[number];

export const ENDPOINT_PATHS: Record<Task, string> = {
  rs: '/exam/speaking/rs',
  rl: '/exam/speaking/rl',
  di: '/exam/speaking/di',
  wfd: '/exam/listening/wfd',
};

export const TASK_TITLES: Record<Task, string> = {
  rs: 'Repeat Sentence',
  rl: 'Retell Lecture',
  di: 'Describe Image',
  wfd: 'Write From Dictation',
};

/** Component names in the order the contract lists them. */
export const SPEAKING_COMPONENTS = [
  'score_content',
  'score_pronunciation',
  'score_fluency',
  'overall',
] as const;
export const WFD_COMPONENTS = ['Words', 'overall'] as const;

export function componentNames(task: Task): readonly string[] {
  return task === 'wfd' ? WFD_COMPONENTS : SPEAKING_COMPONENTS;
}

export function isSpeakingTask(task: Task): task is SpeakingTask {
  return task !== 'wfd';
}
