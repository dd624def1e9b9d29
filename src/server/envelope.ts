import { componentNames, type Task } from '../shared/contract/endpoints.js';
import {
  Envelope,
  type Component,
  type KeyPointResult,
  type Word,
} from '../shared/contract/envelope.js';
import type { ScoringError } from '../shared/contract/errors.js';
import { SERVICE_VERSION } from './version.js';

export interface ScoredResult {
  components: Component[];
  words: Word[];
  transcription: string;
  keyPoints?: KeyPointResult[];
}

/** Seconds, to the microsecond: enough for timing and free of float noise. */
export function seconds(milliseconds: number): number {
  return Math.round(milliseconds * 1000) / 1e6;
}

/**
 * Spec 2.4: rs and wfd words carry duration and userStress; rl and di words do not. An rs word
 * shown as said also says whether it was said surely (docs/api.md, words).
 */
function shapeWord(task: Task, word: Word): Word {
  const base = {
    word: word.word,
    label: word.label,
    start: word.start,
    end: word.end,
    pronunciation: word.pronunciation,
    phonemes: word.phonemes,
    phonics: word.phonics,
  };
  if (task === 'rl' || task === 'di') return base;
  const shaped = { ...base, duration: word.duration ?? null, userStress: null };
  return word.unsure === undefined ? shaped : { ...shaped, unsure: word.unsure };
}

/** Spec 2.3: privateNotes appear on wfd components only. */
function shapeComponent(task: Task, component: Component): Component {
  const base = {
    name: component.name,
    score: component.score,
    suggestion: component.suggestion,
    maxScore: component.maxScore,
    status: component.status,
  };
  return task === 'wfd' ? { ...base, privateNotes: component.privateNotes ?? '' } : base;
}

function checkComponentOrder(task: Task, components: Component[]): void {
  const expected = componentNames(task).join(',');
  const actual = components.map((component) => component.name).join(',');
  if (actual !== expected) {
    throw new Error(`engine returned components [${actual}] for ${task}, expected [${expected}]`);
  }
}

/**
 * The one place an engine result becomes the contract's success envelope. An engine
 * result that breaks the contract is a server fault (thrown, answered as INTERNAL), never
 * passed on to the client.
 */
export function successEnvelope(task: Task, result: ScoredResult, elapsedMs: number): Envelope {
  checkComponentOrder(task, result.components);
  const envelope = {
    success: true,
    message: 'success',
    version: SERVICE_VERSION,
    processTime: seconds(elapsedMs),
    data: {
      components: result.components.map((component) => shapeComponent(task, component)),
      words: result.words.map((word) => shapeWord(task, word)),
      error: null,
      ...(task === 'rs' || task === 'wfd' ? { transcription: result.transcription } : {}),
      ...((task === 'rl' || task === 'di') && result.keyPoints
        ? { keyPoints: result.keyPoints }
        : {}),
    },
  };
  const checked = Envelope.safeParse(envelope);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new Error(
      `engine result breaks the contract at ${issue?.path.join('.')}: ${issue?.message}`,
    );
  }
  return envelope;
}

export function failureEnvelope(error: ScoringError, elapsedMs: number): Envelope {
  return {
    success: false,
    message: error.message,
    version: SERVICE_VERSION,
    processTime: seconds(elapsedMs),
    data: {
      components: [],
      words: [],
      error: { code: error.code, message: error.message, field: error.field },
    },
  };
}
