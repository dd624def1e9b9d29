import type { AcousticModel } from './acoustic-model.js';
import { configuredModel, type ModelName } from './models.js';
import { loadSoundSwallower } from './soundswallower/adapter.js';

/** Loads an acoustic model (by default the one EXAMINER_SPEECH_MODEL names, else the default). */
export function loadAcousticModel(name: ModelName = configuredModel()): Promise<AcousticModel> {
  return loadSoundSwallower(name);
}
