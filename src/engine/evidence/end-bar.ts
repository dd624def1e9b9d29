/**
 * The bars of Moonshine's end of the answer (evidence/neural-reading.ts, wordsBeforeEnd), fitted
 * on speechocean762's corpus-train speakers only by `tsx bench/so762-end-bar.ts --write`.
 */

/**
 * The support of the reference's first word under which the reading is taken to have begun
 * later, and its end is not used: 99% of the train speakers' real readings reach it.
 */
export const NEURAL_START_BAR = -4.67;

/**
 * The end's strength at or over which the answer ends before the reference does: the weakest
 * that puts no more than 0.2% of the words the experts scored 5 or more after it.
 */
export const NEURAL_END_BAR = -2.27;

/**
 * The support a word needs for the answer's end to move on past it to a stronger end: 99% of
 * the words the train speakers said well (experts' 5 or more) reach it.
 */
export const NEURAL_HEARD_BAR = -4.48;

/**
 * The support the reference's last word needs for the answer's end to move on to the
 * reference's own end: 95% of the words the train speakers said well reach it.
 */
export const NEURAL_CLEAR_BAR = -1.98;
