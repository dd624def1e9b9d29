import type { SpeakingRequest } from '../../shared/contract/requests.js';
import type { DecodedAnswer, SpeechEngine } from './speech-engine.js';

/** What every speaking task's scoring takes from the engine, the request and the audio. */
export function answerCommon(
  engine: SpeechEngine,
  request: SpeakingRequest,
  answer: DecodedAnswer,
) {
  return {
    calibration: engine.calibration,
    scale: { scale: request.scale, precision: request.precision },
    durationMs: Math.round(answer.durationSeconds * 1000),
    cautions: answer.cautions,
  };
}
