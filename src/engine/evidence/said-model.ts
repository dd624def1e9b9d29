import type { ModelName } from '../recognizer/models.js';
import type { SaidModel, SecondOpinionModel } from './word-acceptance.js';

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

/**
 * The second opinion on the words a model is not sure of (second-opinion.ts), fitted by
 * `tsx bench/so762-second-opinion.ts --write` on the same train readings, analysed by both
 * models. Its threshold calls, with the first model's sure words kept, 2% of the said
 * words of the fit Missing.
 */
export const SECOND_OPINIONS: Partial<Record<ModelName, SecondOpinionModel>> = {
  'en-us-8k': {
    model: 'en-us-16k',
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
      'second.decoded',
      'second.gop',
      'second.minPhoneGop',
      'second.framesPerPhone',
      'second.agreement',
      'second.senoneFit',
      'second.decodedBefore',
      'second.decodedAfter',
      'second.phones',
      'second.chosenShare',
      'second.silenceShare',
      'second.levelDb',
    ],
    mean: [
      0.590642, -12.672, -42.4948, 2.11126, 0.204138, -42.4749, 0.687292, 0.798006, 1.04915,
      0.532083, 0.231832, -14.8383, 0.611097, -13.5889, -45.6956, 2.0823, 0.223582, -44.6252,
      0.694707, 0.801585, 1.04843, 0.562899, 0.195454, -13.9914,
    ],
    scale: [
      0.491715, 24.6, 42.9625, 0.62676, 0.258216, 26.72, 0.463596, 0.401488, 0.425605, 0.468033,
      0.39041, 11.541, 0.487501, 26.8515, 47.5814, 0.636661, 0.270384, 32.0545, 0.460531, 0.398806,
      0.425545, 0.466031, 0.365201, 10.7631,
    ],
    weights: [
      0.0590551, 1.20781, 0.204528, 0.209021, 0.324618, -0.783055, 0.22069, 0.315348, 0.190369,
      0.566374, 0.254313, 0.137472, 0.463919, 0.468473, 0.594399, 0.16504, 0.365638, -0.387711,
      0.250112, 0.269189, -0.42671, 0.41462, 0.000716394, 0.0988551,
    ],
    intercept: 1.01376,
    threshold: 0.155201,
  },
};
