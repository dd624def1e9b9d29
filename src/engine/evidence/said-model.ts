import type { ModelName } from '../recognizer/models.js';
import type { SaidModel } from './word-acceptance.js';

/**
 * The per-word said decision of each acoustic model (its evidence is that model's scores),
 * fitted by `tsx bench/so762-said.ts --fit --write` (with EXAMINER_SPEECH_MODEL naming the
 * model) on speechocean762's train speakers: real readings against replaced and added words,
 * the words after the cut of a reading cut short and those before it when only the second half
 * was sent. The threshold calls 2% of the said words of the fit Missing; the sure
 * threshold calls the next 5% unsure (said, but for the examiner to listen to).
 */
export const SAID_MODELS: Record<ModelName, SaidModel> = {
  'en-us-8k': {
    features: [
      'decoded',
      'gop',
      'minPhoneGop',
      'framesPerPhone',
      'agreement',
      'senoneFit',
      'decodedBefore',
      'decodedAfter',
      'phones',
      'chosenShare',
      'silenceShare',
      'levelDb',
    ],
    mean: [
      0.589919, -12.7423, -42.5847, 2.11096, 0.202853, -42.5134, 0.68769, 0.796099, 1.04823,
      0.529553, 0.233659, -14.8977,
    ],
    scale: [
      0.491848, 24.6106, 42.9557, 0.628605, 0.257574, 26.7099, 0.463436, 0.402896, 0.425472, 0.4682,
      0.391491, 11.6056,
    ],
    weights: [
      0.398005, 1.69831, 0.553766, 0.222755, 0.532726, -1.13309, 0.404652, 0.45945, -0.310196,
      0.886755, 0.396629, 0.279212,
    ],
    intercept: 0.856952,
    threshold: 0.135711,
    sureThreshold: 0.449999,
  },
  'en-us-16k': {
    features: [
      'decoded',
      'gop',
      'minPhoneGop',
      'framesPerPhone',
      'agreement',
      'senoneFit',
      'decodedBefore',
      'decodedAfter',
      'phones',
      'chosenShare',
      'silenceShare',
      'levelDb',
    ],
    mean: [
      0.607413, -13.8593, -46.1433, 2.07716, 0.221484, -44.9237, 0.693898, 0.799798, 1.04866,
      0.557496, 0.197443, -14.0373,
    ],
    scale: [
      0.488326, 26.9551, 47.667, 0.637968, 0.269861, 32.194, 0.460873, 0.400151, 0.425167, 0.46704,
      0.366526, 10.7913,
    ],
    weights: [
      0.654192, 0.717261, 0.736605, 0.268256, 0.492399, -0.456688, 0.458674, 0.524687, -0.184183,
      0.700031, 0.116472, 0.199962,
    ],
    intercept: 0.891682,
    threshold: 0.127819,
    sureThreshold: 0.46749,
  },
};
