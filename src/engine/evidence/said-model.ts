import type { ModelName } from '../recognizer/models.js';
import type { SaidModel } from './word-acceptance.js';

/**
 * The per-word said decision of each acoustic model (its evidence is that model's scores),
 * fitted by `tsx bench/so762-said.ts --fit --write` (with EXAMINER_SPEECH_MODEL naming the
 * model) on speechocean762's train speakers: real readings against replaced and added words,
 * the words after the cut of a reading cut short and those before it when only the second half
 * was sent. The threshold calls 2% of the said words of the fit Missing.
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
      0.696622, -7.85371, -37.3212, 2.18676, 0.252661, -37.9359, 0.776236, 0.783776, 1.06552,
      0.651093, 0.15268, -12.7893,
    ],
    scale: [
      0.459717, 23.1542, 43.7532, 0.595225, 0.278094, 26.7931, 0.416765, 0.411669, 0.422969,
      0.440922, 0.327564, 9.03691,
    ],
    weights: [
      0.636282, 0.500961, 0.747017, 0.156951, 0.811733, -0.299197, -0.109786, 0.636079, -0.579967,
      0.598295, 0.0906704, 0.154896,
    ],
    intercept: 2.14472,
    threshold: 0.199092,
  },
};
