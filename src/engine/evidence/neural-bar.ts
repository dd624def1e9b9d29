/**
 * The bar under which Moonshine's reading of a reference word (evidence/neural-reading.ts) calls
 * the word unsaid: the support under which 0.3% of the words the experts scored 5 or more in
 * speechocean762's real readings fall, fitted on the corpus-train speakers only, so that every
 * figure on the 60 test speakers is held out. Written by `tsx bench/so762-neural-bar.ts --write`.
 */
export const NEURAL_WORD_BAR = -6.32;
