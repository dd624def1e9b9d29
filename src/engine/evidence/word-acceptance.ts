import type { HeardWord, SpeechAnalysis } from './analysis.js';

/**
 * Repeat Sentence: a word the grammar skipped still counts as said when, force-aligned in its
 * place, it scores at least this GOP against the free phone loop and gets more than the
 * minimum length (3 frames a phone, what a word squeezed into no audio receives).
 */
export const RECOVER_MIN_GOP = -40;
export const RECOVER_MIN_FRAMES_PER_PHONE = 3.5;

type Aligned = Pick<SpeechAnalysis, 'aligned' | 'reference'>;

export function verifiedWords(analysis: Aligned): HeardWord[] {
  return analysis.aligned.filter((word) => word.decoded || recovered(word));
}

function recovered(word: HeardWord): boolean {
  if (word.phones.length === 0) return false;
  const frames = word.phones.reduce((sum, phone) => sum + phone.endFrame - phone.startFrame + 1, 0);
  const score = word.phones.reduce(
    (sum, phone) => sum + phone.acousticScore - phone.competitorScore,
    0,
  );
  return (
    score / frames >= RECOVER_MIN_GOP && frames / word.phones.length > RECOVER_MIN_FRAMES_PER_PHONE
  );
}
