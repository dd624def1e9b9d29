import type { SpeakingRequest } from '../../shared/contract/requests.js';
import { splitIntoPhrases } from '../audio/phrases.js';
import { analyseFreeSpeech, type FreeSpeechAnalysis } from '../evidence/free-speech.js';
import { promptVocabulary } from '../evidence/prompt-vocabulary.js';
import { CONCLUSION_WORDS, type FreeTask } from '../scoring/free-content.js';
import { scoreFreeSpeech } from '../scoring/free-speech.js';
import { keyPointsFor, type KeyPoint } from '../scoring/key-points.js';
import type { SpeakingResult } from '../scoring/result.js';
import { judge } from '../scoring/verdict.js';
import { answerCommon } from './common.js';
import type { DecodedAnswer, SpeechEngine } from './speech-engine.js';

/** Rl/di: the answer cut into phrases, each recognised against the prompt; its key points. */
export async function analyseFreeAnswer(
  engine: SpeechEngine,
  request: Pick<SpeakingRequest, 'refText' | 'keywords'>,
  samples: Float32Array,
  task: FreeTask = 'rl',
): Promise<{ analysis: FreeSpeechAnalysis; keyPoints: KeyPoint[] }> {
  const keyPoints = keyPointsFor(request.refText, request.keywords);
  // Describe Image also listens for a conclusion ("overall"), spotted as a key point is.
  const listenedFor = [
    ...keyPoints.map((keyPoint) => keyPoint.variants),
    ...(task === 'di' ? CONCLUSION_WORDS.map((word) => [[word]]) : []),
  ];
  const phrases = await splitIntoPhrases(samples);
  const analysis = await engine.queue.run(() =>
    analyseFreeSpeech(
      engine.model,
      samples,
      phrases,
      promptVocabulary(engine.model, request.refText, listenedFor),
      (phrase) => {
        const { verdict, score } = judge(phrase, engine.calibration);
        return { rendition: verdict === 'rendition', score };
      },
    ),
  );
  return { analysis, keyPoints };
}

/**
 * Retell Lecture and Describe Image: phrases recognised against the prompt's sentences, else
 * its key points spotted against a phone loop (recognizer/grammar.ts); content is the key points said (scoring/free-content.ts).
 */
export function freeSpeechScorer(task: FreeTask) {
  return async function scoreFreeAnswer(
    engine: SpeechEngine,
    request: SpeakingRequest,
    answer: DecodedAnswer,
  ): Promise<SpeakingResult> {
    const { analysis, keyPoints } = await analyseFreeAnswer(engine, request, answer.samples, task);
    return scoreFreeSpeech({ ...answerCommon(engine, request, answer), task, analysis, keyPoints });
  };
}
