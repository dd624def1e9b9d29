import type { SpeakingTask } from '../../shared/contract/endpoints.js';
import { ScoringError } from '../../shared/contract/errors.js';
import type { SpeakingRequest } from '../../shared/contract/requests.js';
import { loadAudio, type AudioQuality } from '../audio/index.js';
import type { AudioCaution } from '../scoring/suggestions.js';
import { loadCalibration, type Calibration } from '../scoring/models/calibration.js';
import { scoreFreeSpeech } from '../scoring/free-speech.js';
import { scoreRepeatSentence, verdict } from '../scoring/repeat-sentence.js';
import { analyseSpeech } from '../evidence/analysis.js';
import { analyseFreeSpeech, type FreeSpeechAnalysis } from '../evidence/free-speech.js';
import type { KeyPoint } from '../scoring/key-points.js';
import { splitIntoPhrases } from '../audio/phrases.js';
import { tokenize } from '../text/words.js';
import { loadSpeechModel, type SpeechModel } from '../recognizer/soundswallower/adapter.js';
import type { AudioPolicy, SpeakingResult, SpeakingScorer } from './scorer.js';
import { SerialQueue } from '../recognizer/serial.js';
import { keyPointsFor, promptVocabulary } from '../evidence/prompt-vocabulary.js';

export type { AudioPolicy, SpeakingResult, SpeakingScorer } from './scorer.js';

/** What a scorer needs once the audio is decoded; the bench and tests drive it directly. */
export interface SpeechEngine {
  model: SpeechModel;
  calibration: Calibration;
  queue: SerialQueue;
}

export async function loadSpeechEngine(): Promise<SpeechEngine> {
  const [model, calibration] = [await loadSpeechModel(), loadCalibration()];
  return { model, calibration, queue: new SerialQueue() };
}

export interface DecodedAnswer {
  samples: Float32Array;
  durationSeconds: number;
  cautions: readonly AudioCaution[];
}

/** What about the recording's quality the scores must warn of. */
export function audioCautions(quality: AudioQuality): AudioCaution[] {
  return [
    ...(quality.clipped ? (['clipped'] as const) : []),
    ...(quality.noisy ? (['noisy'] as const) : []),
  ];
}

export async function scoreAnswer(
  engine: SpeechEngine,
  task: SpeakingTask,
  request: SpeakingRequest,
  answer: DecodedAnswer,
): Promise<SpeakingResult> {
  const scale = { scale: request.scale, precision: request.precision };
  const common = {
    calibration: engine.calibration,
    scale,
    durationMs: Math.round(answer.durationSeconds * 1000),
    cautions: answer.cautions,
  };
  if (task === 'rs') {
    const reference = tokenize(request.refText);
    if (reference.length === 0) {
      throw new ScoringError(
        'INVALID_PARAMETER',
        'refText has no words that can be spoken',
        'refText',
      );
    }
    const analysis = await engine.queue.run(() =>
      analyseSpeech(engine.model, answer.samples, reference),
    );
    return scoreRepeatSentence({ ...common, analysis });
  }
  const { analysis, keyPoints } = await analyseFreeAnswer(engine, request, answer.samples);
  return scoreFreeSpeech({ ...common, task, analysis, keyPoints });
}

/** Rl/di: the answer cut into phrases, each recognised against the prompt; its key points. */
export async function analyseFreeAnswer(
  engine: SpeechEngine,
  request: Pick<SpeakingRequest, 'refText' | 'keywords'>,
  samples: Float32Array,
): Promise<{ analysis: FreeSpeechAnalysis; keyPoints: KeyPoint[] }> {
  const keyPoints = keyPointsFor(request.refText, request.keywords);
  const phrases = await splitIntoPhrases(samples);
  const analysis = await engine.queue.run(() =>
    analyseFreeSpeech(
      engine.model,
      samples,
      phrases,
      promptVocabulary(engine.model, request.refText, keyPoints),
      (phrase) => verdict(phrase, engine.calibration) === 'rendition',
    ),
  );
  return { analysis, keyPoints };
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

/** Loads the acoustic model and calibration once; requests are decoded one at a time. */
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
      await engine.queue.run(() => engine.model.decoder.delete());
    },
  };
}
