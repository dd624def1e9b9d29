/**
 * The bar at or over which Moonshine's reading hears an answer end before the reference does
 * (evidence/neural-reading.ts, wordsBeforeEnd): the end's strength over which 0.2% of the words
 * the experts scored 5 or more in speechocean762's real readings would fall after the end,
 * fitted on the corpus-train speakers only. Written by `tsx bench/so762-end-bar.ts --write`.
 */
export const NEURAL_END_BAR = -2;
