import type { AudioCaution } from '../audio/cautions.js';

/** Short examiner-facing notes per component, chosen by the score's share of its top mark. */

export const CAUTIONS: Record<AudioCaution, string> = {
  clipped:
    'Caution: the recording is clipped (too loud), so sounds are distorted and this score is less reliable.',
  noisy:
    "Caution: the recording is noisy (background sound or a room's echo fills the pauses between words), so this score is less reliable.",
};
export const NOTHING_HEARD =
  'No words of the expected answer were recognised, so this could not be scored.';
export const DOUBTFUL_SENTENCE =
  'The answer may not match the sentence: the recording supports it only weakly, so content is held at 1 until an examiner has listened.';
export const NO_RELEVANT_CONTENT =
  'Not scored: the answer has no relevant content, and as in the exam, delivery earns marks only with it.';
export const NOT_THE_SENTENCE =
  'The answer does not match the sentence: what was said is not a repetition of it, so it earns no marks.';

/**
 * Repeat Sentence content: how much of the sentence was heard in order, and how many of its
 * words the engine is unsure of (said or `Missing`, docs/api.md), which the note does not claim
 * either way.
 */
export function repeatSentenceSuggestion(share: number, detail: string, unsure = 0): string {
  const heard =
    share >= 1
      ? `All words of the sentence were ${unsure > 0 ? 'heard' : 'repeated'} in order.`
      : share >= 2 / 3
        ? `Most of the sentence was repeated; ${detail}.`
        : share > 0
          ? `Only a few words of the sentence were repeated; ${detail}.`
          : 'None of the sentence was recognised in the answer.';
  if (unsure === 0) return heard;
  return unsure === 1
    ? `${heard} One word was unclear: the engine is not sure whether it was said.`
    : `${heard} ${unsure} words were unclear: the engine is not sure whether they were said.`;
}

export function pronunciationSuggestion(share: number): string {
  if (share >= 0.8) return 'Clear pronunciation; sounds are produced accurately.';
  if (share >= 0.6) return 'Generally clear pronunciation, with some unclear sounds.';
  if (share >= 0.4) return 'Several words were mispronounced or hard to recognise.';
  return 'Pronunciation made much of the answer hard to recognise.';
}

/** What the fluency suggestion counts: long pauses, hesitations (rl, di), restarts (rs). */
export interface Disfluencies {
  pauses: number;
  hesitations?: number;
  restarts?: number;
}

const counted = (count: number | undefined, noun: string): string =>
  count ? `${count} ${noun}${count === 1 ? '' : 's'}` : '';

export function fluencySuggestion(share: number, disfluencies: Disfluencies): string {
  const counts = [
    counted(disfluencies.restarts, 'restart'),
    counted(disfluencies.pauses, 'long pause'),
    counted(disfluencies.hesitations, 'hesitation'),
  ].filter((part) => part !== '');
  const pauseNote = counts.length > 0 ? ` (${counts.join(', ')})` : '';
  if (share >= 0.8) return `Smooth, even delivery${pauseNote}.`;
  if (share >= 0.6) return `Mostly smooth delivery with some hesitation${pauseNote}.`;
  if (share >= 0.4) return `Uneven delivery with hesitations${pauseNote}.`;
  return `Halting delivery with many hesitations${pauseNote}.`;
}

export function withCautions(suggestion: string, cautions: readonly AudioCaution[]): string {
  return [...cautions.map((caution) => CAUTIONS[caution]), suggestion].join(' ');
}
