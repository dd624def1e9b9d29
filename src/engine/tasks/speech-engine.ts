import type { AudioCaution } from '../audio/cautions.js';
import { moonshineReader, type ReferenceReader } from '../evidence/neural-reading.js';
import { secondOpinionFor } from '../evidence/second-opinion.js';
import type { SecondOpinionModel } from '../evidence/word-acceptance.js';
import type { AcousticModel } from '../recognizer/acoustic-model.js';
import { loadAcousticModel } from '../recognizer/load.js';
import { closeMoonshine, loadMoonshine } from '../recognizer/moonshine.js';
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
  /** Reads the reference of a Repeat Sentence answer to vet its words said (neural-reading.ts). */
  reader: OwnedReader;
}

/** A reference reader and how to free it. */
export interface OwnedReader {
  read: ReferenceReader;
  close: () => Promise<void>;
}

/** Moonshine loaded in this process, as a reference reader. */
export async function loadReferenceReader(): Promise<OwnedReader> {
  const model = await loadMoonshine();
  return { read: moonshineReader(model), close: () => closeMoonshine(model) };
}

/**
 * Moonshine in this process, loaded at the first reading: an engine that never scores a Repeat
 * Sentence answer (a Retell Lecture bench, a test) does not pay its 2.5 s and 460 MiB.
 */
function onFirstReading(): OwnedReader {
  let loaded: Promise<OwnedReader> | undefined;
  return {
    read: async (samples, words) => (await (loaded ??= loadReferenceReader())).read(samples, words),
    close: async () => (await loaded)?.close(),
  };
}

/**
 * Loads the acoustic model (models.ts: EXAMINER_SPEECH_MODEL, else the default), the model its
 * second opinion needs, if any, the calibrations (the bench passes its own, fitted on the
 * corpus's train speakers) and, unless `reader` is given (a scoring worker's, which asks the
 * server's shared one), Moonshine in this process when it is first needed.
 */
export async function loadSpeechEngine(
  modelName: ModelName = configuredModel(),
  calibration: Calibration = loadCalibration(modelName),
  secondCalibration?: SecondModels,
  reader?: OwnedReader,
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
  return {
    model,
    calibration,
    queue: new SerialQueue(),
    secondOpinion,
    reader: reader ?? onFirstReading(),
  };
}

/** Frees the engine's decoders. */
export async function closeSpeechEngine(engine: SpeechEngine): Promise<void> {
  engine.model.close();
  engine.secondOpinion?.model.close();
  await engine.reader.close();
}

export interface DecodedAnswer {
  samples: Float32Array;
  durationSeconds: number;
  cautions: readonly AudioCaution[];
}
