import type { SpeakingTask } from '../../shared/contract/endpoints.js';
import type { SpeakingRequest } from '../../shared/contract/requests.js';
import { audioCautions } from '../audio/cautions.js';
import { loadAudio } from '../audio/index.js';
import type { AudioPolicy } from '../audio/policy.js';
import type { SpeakingResult } from '../scoring/result.js';
import type { SpeakingScorer } from './scorer.js';
import {
  closeSpeechEngine,
  loadSpeechEngine,
  type DecodedAnswer,
  type SpeechEngine,
} from './speech-engine.js';
import { TASK_ENTRIES } from './table.js';

export type { AudioPolicy, SpeakingResult, SpeakingScorer } from './scorer.js';
export {
  TASK_ENTRIES,
  type ListeningTaskEntry,
  type SpeakingTaskEntry,
  type TaskEntry,
} from './table.js';
export {
  closeSpeechEngine,
  loadReferenceReader,
  loadSpeechEngine,
  type DecodedAnswer,
  type OwnedReader,
  type SpeechEngine,
} from './speech-engine.js';
export { analyseFreeAnswer } from './free-speech.js';
export type { ReferenceReading } from '../evidence/neural-reading.js';

/** Scores a decoded answer as its task's table entry says. */
export function scoreAnswer(
  engine: SpeechEngine,
  task: SpeakingTask,
  request: SpeakingRequest,
  answer: DecodedAnswer,
): Promise<SpeakingResult> {
  return TASK_ENTRIES[task].score(engine, request, answer);
}

export interface ScoreOptions {
  signal?: AbortSignal;
  /** Told the answer's length once it is decoded, before recognition starts. */
  onDecoded?: (seconds: number) => void;
}

/** The whole path for one answer: fetch and check the audio, then recognise and score it. */
export async function scoreAudioUrl(
  engine: SpeechEngine,
  task: SpeakingTask,
  request: SpeakingRequest,
  policy: AudioPolicy,
  { signal, onDecoded }: ScoreOptions = {},
): Promise<SpeakingResult> {
  const { audio, quality } = await loadAudio(request.audioUrl, policy, signal);
  signal?.throwIfAborted();
  onDecoded?.(audio.durationSeconds);
  return scoreAnswer(engine, task, request, { ...audio, cautions: audioCautions(quality) });
}

/** The entry point a speech worker loads: the model and calibration once, answers one at a time. */
export async function createSpeakingScorer(policy: AudioPolicy): Promise<SpeakingScorer> {
  const engine = await loadSpeechEngine();
  let closed = false;
  return {
    score(task, request, signal) {
      return scoreAudioUrl(engine, task, request, policy, { signal });
    },
    async close() {
      if (closed) return;
      closed = true;
      await engine.queue.run(() => closeSpeechEngine(engine));
    },
  };
}
