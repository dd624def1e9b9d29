/**
 * The bar under which Moonshine's reading of a reference word (recognizer/moonshine.ts) calls
 * the word unsaid: the log-probability under which 0.5% of the words the experts scored 5 or
 * more in speechocean762's real readings fall. Written by `tsx bench/so762-neural-bar.ts --write`.
 */
export const NEURAL_WORD_BAR = -11.71;
