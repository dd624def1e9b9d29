import type { SaidModel } from './word-acceptance.js';

/**
 * The per-word said decision, fitted by `tsx bench/so762-said.ts --fit --write` on 3322 words
 * of speechocean762's train speakers (real readings; replaced, added and cut-off words). The
 * threshold calls 2% of the said words of the fit Missing.
 */
export const SAID_MODEL: SaidModel = {
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
    0.63245, -9.08743, -38.037, 2.17025, 0.215892, -38.7079, 0.750151, 0.746237, 1.06449, 0.565151,
    0.241387, -13.497,
  ],
  scale: [
    0.482138, 21.8953, 40.6743, 0.605704, 0.261315, 23.7431, 0.432926, 0.435163, 0.423332, 0.461463,
    0.397662, 10.2163,
  ],
  weights: [
    0.305526, 1.35042, 0.62091, 0.124373, 0.784367, -1.06131, -0.271752, 0.393366, -0.665958,
    0.924061, 0.631175, 0.505035,
  ],
  intercept: 1.95732,
  threshold: 0.19178,
};
