import { ScoringError } from '../../shared/contract/errors.js';
import type { SpeakingRequest } from '../../shared/contract/requests.js';
import { analyseSpeech } from '../evidence/analysis.js';
import { neuralReading, readingFrame, withNeuralReading } from '../evidence/neural-reading.js';
import type { SpeechAnalysis } from '../evidence/speech-analysis.js';
import type { AcousticModel } from '../recognizer/acoustic-model.js';
import {
  hearsSecondModel,
  missedFalseStart,
  reconsidered,
  secondReading,
} from '../evidence/second-opinion.js';
import { saidModelFor } from '../evidence/word-acceptance.js';
import { scoreRepeatSentence } from '../scoring/repeat-sentence.js';
import type { SpeakingResult } from '../scoring/result.js';
import { tokenize, type TextWord } from '../text/words.js';
import { answerCommon } from './common.js';
import type { DecodedAnswer, SpeechEngine } from './speech-engine.js';

/**
 * Repeat Sentence: refText's words in order, each optional (recognizer/grammar.ts,
 * sequenceGrammar); content is how many were said in order, once the verdict calls the answer
 * a rendition of the sentence (scoring/repeat-sentence.ts).
 */
export async function scoreRepeatSentenceAnswer(
  engine: SpeechEngine,
  request: SpeakingRequest,
  answer: DecodedAnswer,
): Promise<SpeakingResult> {
  const reference = tokenize(request.refText);
  if (reference.length === 0) {
    throw new ScoringError(
      'INVALID_PARAMETER',
      'refText has no words that can be spoken',
      'refText',
    );
  }
  const { analysis, second } = await engine.queue.run(async () => {
    // Asked first: a scoring worker's reader is another process, which reads while this one aligns.
    const reading = neuralReading(engine.reader.read, answer.samples, reference);
    reading.catch(() => undefined); // awaited below, unless the alignment throws first
    const first = analyseSpeech(engine.model, answer.samples, reference);
    const opinion = engine.secondOpinion;
    const other =
      opinion && hearsSecondModel(answer.cautions)
        ? secondModelAnalysis(opinion.model, answer.samples, reference, first)
        : undefined;
    // Read again after a false start: what the alignment scores is the reading after it.
    const from = readingFrame(first);
    const read =
      from > 0
        ? await neuralReading(engine.reader.read, answer.samples, reference, from)
        : await reading;
    const vetted = (said: SpeechAnalysis): SpeechAnalysis => withNeuralReading(said, read);
    if (!opinion || !other) return { analysis: vetted(first) };
    return {
      analysis: vetted(
        reconsidered(first, saidModelFor(engine.model.name), answer.cautions, opinion.said, other),
      ),
      second: { analysis: vetted(other), calibration: opinion.calibration },
    };
  });
  return scoreRepeatSentence({ ...answerCommon(engine, request, answer), analysis, second });
}

/** The second model's analysis, read after the first model's false start where it missed it. */
function secondModelAnalysis(
  model: AcousticModel,
  samples: Float32Array,
  reference: TextWord[],
  first: SpeechAnalysis,
): SpeechAnalysis {
  const alone = analyseSpeech(model, samples, reference);
  if (!missedFalseStart(first, alone)) return alone;
  const after = analyseSpeech(model, samples, reference, { falseStart: first.falseStart });
  return secondReading(alone, after);
}
