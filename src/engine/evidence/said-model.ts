import type { ModelName } from '../recognizer/models.js';
import type { SaidModel } from './word-acceptance.js';

/**
 * The per-word said decision of each acoustic model (its evidence is that model's scores),
 * fitted by `tsx bench/so762-said.ts --fit --write` (with EXAMINER_SPEECH_MODEL naming the
 * model) on speechocean762's train speakers: real readings against replaced, added and cut-off
 * words. The threshold calls 2% of the said words of the fit Missing.
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
      0.63245, -9.08743, -38.037, 2.17025, 0.215892, -38.7079, 0.750151, 0.746237, 1.06449,
      0.565151, 0.241387, -13.497,
    ],
    scale: [
      0.482138, 21.8953, 40.6743, 0.605704, 0.261315, 23.7431, 0.432926, 0.435163, 0.423332,
      0.461463, 0.397662, 10.2163,
    ],
    weights: [
      0.305526, 1.35042, 0.62091, 0.124373, 0.784367, -1.06131, -0.271752, 0.393366, -0.665958,
      0.924061, 0.631175, 0.505035,
    ],
    intercept: 1.95732,
    threshold: 0.19178,
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
