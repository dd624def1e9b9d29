import type { AudioCaution } from '../audio/cautions.js';
import { secondOpinionFor } from '../evidence/second-opinion.js';
import type { SecondOpinionModel } from '../evidence/word-acceptance.js';
import type { AcousticModel } from '../recognizer/acoustic-model.js';
import { loadAcousticModel } from '../recognizer/load.js';
import { configuredModel, type ModelName } from '../recognizer/models.js';
import { SerialQueue } from '../recognizer/serial.js';
import {
  loadCalibration,
  type Calibration,
  type SecondModels,
} from '../scoring/models/calibration.js';

/**
 * A second acoustic model, loaded, the joint said decision it takes part in, and its own
 * calibration, whose models give its estimates of the delivery and the verdict
 * (scoring/repeat-sentence.ts, scoring/verdict.ts).
 */
export interface SecondOpinion {
  model: AcousticModel;
  said: SecondOpinionModel;
  calibration: SecondModels;
}

/** What a scorer needs once the audio is decoded; the bench and tests drive it directly. */
export interface SpeechEngine {
  model: AcousticModel;
  calibration: Calibration;
  queue: SerialQueue;
  /** Asked about Repeat Sentence words the model is not sure of (second-opinion.ts). */
  secondOpinion: SecondOpinion | null;
}

/**
 * Loads the acoustic model (models.ts: EXAMINER_SPEECH_MODEL, else the default), the model its
 * second opinion needs, if any, and the calibrations (the bench passes its own, fitted on the
 * corpus's train speakers).
 */
export async function loadSpeechEngine(
  modelName: ModelName = configuredModel(),
  calibration: Calibration = loadCalibration(modelName),
  secondCalibration?: SecondModels,
): Promise<SpeechEngine> {
  const model = await loadAcousticModel(modelName);
  const said = secondOpinionFor(modelName);
  const secondOpinion = said
    ? {
        model: await loadAcousticModel(said.model),
        said,
        calibration: secondCalibration ?? loadCalibration(said.model),
      }
    : null;
  return { model, calibration, queue: new SerialQueue(), secondOpinion };
}

/** Frees the engine's decoders. */
export function closeSpeechEngine(engine: SpeechEngine): void {
  engine.model.close();
  engine.secondOpinion?.model.close();
}

export interface DecodedAnswer {
  samples: Float32Array;
  durationSeconds: number;
  cautions: readonly AudioCaution[];
}
