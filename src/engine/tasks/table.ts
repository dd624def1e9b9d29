import type { SpeakingTask, Task } from '../../shared/contract/endpoints.js';
import { REQUEST_SCHEMAS } from '../../shared/contract/requests.js';
import type { SpeakingRequest, WriteFromDictationRequest } from '../../shared/contract/requests.js';
import { TASK_TABLE, type TaskInfo } from '../../shared/contract/tasks.js';
import type { SpeakingResult } from '../scoring/result.js';
import { scoreWriteFromDictation, type WfdResult } from '../scoring/wfd/index.js';
import { freeSpeechScorer } from './free-speech.js';
import { scoreRepeatSentenceAnswer } from './repeat-sentence.js';
import type { DecodedAnswer, SpeechEngine } from './speech-engine.js';

/** A task scored from the learner's audio. */
export interface SpeakingTaskEntry {
  id: SpeakingTask;
  info: TaskInfo;
  request: (typeof REQUEST_SCHEMAS)[SpeakingTask];
  /** What the recogniser listens for. */
  grammar: string;
  /** How content is marked, and what refuses the answer as not an answer to the prompt. */
  content: string;
  verdict: string;
  score(
    engine: SpeechEngine,
    request: SpeakingRequest,
    answer: DecodedAnswer,
  ): Promise<SpeakingResult>;
}

/** A task scored from the learner's typed answer, at once and in bounded time. */
export interface ListeningTaskEntry {
  id: 'wfd';
  info: TaskInfo;
  request: (typeof REQUEST_SCHEMAS)['wfd'];
  /** How the typed words are matched to the question's. */
  matcher: string;
  content: string;
  score(request: WriteFromDictationRequest): WfdResult;
}

export type TaskEntry = SpeakingTaskEntry | ListeningTaskEntry;

const FREE_SPEECH_GRAMMAR =
  'each phrase as (part of) a prompt sentence (promptSentenceGrammar); every key point spotted as a whole against a free phone loop (spottingGrammar), each hit verified against the loop';
const FREE_SPEECH_VERDICT =
  'off-topic or one word repeated: content 0 and delivery unscored; a phrase counts as a prompt sentence only when the verdict calls it a rendition';

/** One entry per task; the server's routes and OpenAPI document are generated from it. */
export const TASK_ENTRIES = {
  rs: {
    id: 'rs',
    info: TASK_TABLE.rs,
    request: REQUEST_SCHEMAS.rs,
    grammar: "refText's words in order, each optional (sequenceGrammar)",
    content: 'all words in order 3, at least half 2, any 1 (repeatSentenceMark)',
    verdict:
      'not the sentence: no marks at all; doubtful: content held at 1 for an examiner (verdict)',
    score: scoreRepeatSentenceAnswer,
  },
  rl: {
    id: 'rl',
    info: TASK_TABLE.rl,
    request: REQUEST_SCHEMAS.rl,
    grammar: FREE_SPEECH_GRAMMAR,
    content: "share of key points said, 15% of it for the lecture's order (freeContent)",
    verdict: FREE_SPEECH_VERDICT,
    score: freeSpeechScorer('rl'),
  },
  di: {
    id: 'di',
    info: TASK_TABLE.di,
    request: REQUEST_SCHEMAS.di,
    grammar: FREE_SPEECH_GRAMMAR,
    content: 'share of key points said, 15% of it for a conclusion (freeContent)',
    verdict: FREE_SPEECH_VERDICT,
    score: freeSpeechScorer('di'),
  },
  wfd: {
    id: 'wfd',
    info: TASK_TABLE.wfd,
    request: REQUEST_SCHEMAS.wfd,
    matcher: "the typed words aligned to the question's, spelling and forms forgiven (matchAnswer)",
    content: 'one point per word of the question typed right (scoreWriteFromDictation)',
    score: scoreWriteFromDictation,
  },
} as const satisfies {
  rs: SpeakingTaskEntry;
  rl: SpeakingTaskEntry;
  di: SpeakingTaskEntry;
  wfd: ListeningTaskEntry;
} & Record<Task, TaskEntry>;
