import type { SpeechAnalysis } from '../evidence/speech-analysis.js';
import type { SecondModels } from './models/calibration.js';

/**
 * A second acoustic model's reading of the same answer, and its own calibration's models: the
 * Repeat Sentence verdict and delivery each take the mean of both models' estimates.
 */
export interface SecondReading {
  analysis: SpeechAnalysis;
  calibration: SecondModels;
}
