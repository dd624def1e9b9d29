import type { ModelName } from '../recognizer/models.js';
import type { SaidModel, SecondOpinionModel } from './word-acceptance.js';

/**
 * The per-word said decision of each acoustic model (its evidence is that model's scores),
 * fitted by `tsx bench/so762-said.ts --fit --write` (with EXAMINER_SPEECH_MODEL naming the
 * model) on speechocean762's train speakers: real readings against replaced and added words,
 * the words after the cut of a reading cut short and those before it when only the second half
 * was sent. The threshold calls 2% of the said words of the fit Missing; the sure
 * threshold calls the next 5% unsure (said, but for the examiner to listen to); under
 * the sure-Missing threshold lie 0.5% of them, and a word between it and the threshold is
 * Missing unsurely (for the examiner to listen for).
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
      0.59924, -12.6902, -42.4776, 2.1109, 0.20327, -42.4865, 0.693283, 0.795944, 1.04855, 0.55455,
      0.215268, -14.9045,
    ],
    scale: [
      0.490053, 24.6125, 43.0278, 0.630055, 0.257692, 26.7068, 0.461131, 0.40301, 0.426066,
      0.463704, 0.378222, 11.6159,
    ],
    weights: [
      0.470999, 1.74292, 0.585536, 0.190397, 0.505635, -1.2347, 0.404224, 0.454503, -0.295195,
      0.846629, 0.347464, 0.261904,
    ],
    intercept: 0.844359,
    threshold: 0.128356,
    sureThreshold: 0.453483,
    sureMissingThreshold: 0.0472671,
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
      0.616083, -13.8447, -46.0369, 2.07658, 0.221913, -44.8912, 0.701286, 0.79884, 1.04918,
      0.577081, 0.186419, -14.0663,
    ],
    scale: [
      0.486338, 26.9895, 47.6866, 0.637648, 0.269743, 32.206, 0.457694, 0.400867, 0.42493, 0.463456,
      0.356958, 10.8256,
    ],
    weights: [
      0.709935, 0.774561, 0.756908, 0.220365, 0.522617, -0.602971, 0.455208, 0.494923, -0.159969,
      0.715972, 0.101566, 0.193998,
    ],
    intercept: 0.884465,
    threshold: 0.131917,
    sureThreshold: 0.480881,
    sureMissingThreshold: 0.0381157,
  },
};

/**
 * The second opinion on the words a model is not sure of (second-opinion.ts), fitted by
 * `tsx bench/so762-second-opinion.ts --write` on the same train readings, analysed by both
 * models. Its threshold calls, with the first model's sure words kept, 2% of the said
 * words of the fit Missing, and its sure-Missing threshold 0.5% of them surely.
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
      0.600256, -12.6136, -42.3938, 2.11143, 0.204622, -42.434, 0.693095, 0.797954, 1.0495,
      0.556776, 0.213499, -14.8419, 0.62046, -13.5536, -45.5751, 2.08252, 0.224203, -44.5818,
      0.702302, 0.800256, 1.04912, 0.583043, 0.184724, -14.0062,
    ],
    scale: [
      0.489846, 24.5953, 43.0298, 0.627984, 0.258282, 26.7132, 0.46121, 0.401526, 0.426097,
      0.463417, 0.377032, 11.5499, 0.485272, 26.8875, 47.6031, 0.636201, 0.27026, 32.0862, 0.457246,
      0.399808, 0.425566, 0.462069, 0.355909, 10.7827,
    ],
    weights: [
      0.1272, 1.33402, 0.200879, 0.199768, 0.277779, -0.947878, 0.177722, 0.298497, 0.204519,
      0.546244, 0.167885, 0.0810145, 0.501902, 0.4549, 0.62954, 0.119617, 0.412764, -0.477174,
      0.294343, 0.273649, -0.416461, 0.433665, -0.00189712, 0.0963358,
    ],
    intercept: 1.00171,
    threshold: 0.153041,
    sureMissingThreshold: 0.0438189,
  },
};
