import type { AudioCaution } from '../audio/cautions.js';
import type { AcousticModel } from '../recognizer/acoustic-model.js';
import { loadAcousticModel } from '../recognizer/load.js';
import { configuredModel, type ModelName } from '../recognizer/models.js';
import { SerialQueue } from '../recognizer/serial.js';
import { loadCalibration, type Calibration } from '../scoring/models/calibration.js';

/** What a scorer needs once the audio is decoded; the bench and tests drive it directly. */
export interface SpeechEngine {
  model: AcousticModel;
  calibration: Calibration;
  queue: SerialQueue;
}

/** Loads the acoustic model (models.ts: EXAMINER_SPEECH_MODEL, else the default) and calibration. */
export async function loadSpeechEngine(
  modelName: ModelName = configuredModel(),
): Promise<SpeechEngine> {
  const [model, calibration] = [await loadAcousticModel(modelName), loadCalibration(modelName)];
  return { model, calibration, queue: new SerialQueue() };
}

export interface DecodedAnswer {
  samples: Float32Array;
  durationSeconds: number;
  cautions: readonly AudioCaution[];
}
