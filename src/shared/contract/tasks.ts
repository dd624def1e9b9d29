/** The four scoring tasks of the contract, in the order the app lists them. */
export const TASKS = ['rs', 'rl', 'di', 'wfd'] as const;
export type Task = (typeof TASKS)[number];

/** Component names in the order the contract lists them. */
export const SPEAKING_COMPONENTS = [
  'score_content',
  'score_pronunciation',
  'score_fluency',
  'overall',
] as const;
export const WFD_COMPONENTS = ['Words', 'overall'] as const;

/**
 * What everyone (engine, server, app) knows of a task. Its request schema is in requests.ts
 * (REQUEST_SCHEMAS, kept apart so the app's pages need no zod); the engine's task table
 * (src/engine/tasks) adds how it is scored.
 */
export interface TaskInfo {
  title: string;
  /** Speaking tasks are scored from audio; listening (wfd) from the typed answer. */
  skill: 'speaking' | 'listening';
  path: string;
  components: readonly string[];
  /** One line for the API documentation. */
  summary: string;
}

/** One entry per task: the server's routes, its OpenAPI document and the app's lists read it. */
export const TASK_TABLE = {
  rs: {
    title: 'Repeat Sentence',
    skill: 'speaking',
    path: '/exam/speaking/rs',
    components: SPEAKING_COMPONENTS,
    summary: 'The learner repeats refText; content is how much of it was said, in order.',
  },
  rl: {
    title: 'Retell Lecture',
    skill: 'speaking',
    path: '/exam/speaking/rl',
    components: SPEAKING_COMPONENTS,
    summary: 'The learner retells the lecture in refText; content is the key points said.',
  },
  di: {
    title: 'Describe Image',
    skill: 'speaking',
    path: '/exam/speaking/di',
    components: SPEAKING_COMPONENTS,
    summary: 'The learner describes the image refText describes; content is the key points said.',
  },
  wfd: {
    title: 'Write From Dictation',
    skill: 'listening',
    path: '/exam/listening/wfd',
    components: WFD_COMPONENTS,
    summary: 'The learner types the sentence heard; each word is marked against the question.',
  },
} as const satisfies Record<Task, TaskInfo>;
