/** Why a near miss earned nothing: the notes word each one differently. */
export type NearMiss = 'spelling' | 'apostrophe' | 'wrongWord';

/**
 * What became of one reference word. `written` is the answer's text that stood for it.
 * `expanded`: a contraction written out ("it is" for "It's"); `contracted`: the reverse;
 * `split`: a closed compound written as two words; `joined`: two words written as one.
 * `contracted` and `joined` cover several reference words: `span` counts them, on the first;
 * the words after it are `covered`.
 */
export type WordOutcome =
  | { kind: 'correct'; variant: string | null }
  | { kind: 'nearMiss'; written: string; reason: NearMiss }
  | { kind: 'expanded' | 'split'; written: string }
  | { kind: 'contracted' | 'joined'; written: string; span: number }
  | { kind: 'covered' }
  | { kind: 'missed' };

export interface MatchResult {
  outcomes: WordOutcome[];
  /** Answer words that no reference word used (not penalised, reported in the notes). */
  extras: string[];
}
