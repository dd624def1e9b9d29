import { gopOf, hasOwnAudio } from './gop.js';
import type { HeardWord, SpeechAnalysis } from './speech-analysis.js';

/**
 * Which aligned words count as said. A word the grammar skipped still counts when, force-aligned
 * in its place, it scores at least this GOP and has audio of its own (gop.ts).
 */
export const RECOVER_MIN_GOP = -40;

type Aligned = Pick<SpeechAnalysis, 'aligned' | 'reference'>;

/** The words decoded, and those recovered from their alignment. */
export function acceptedWords(analysis: Aligned): HeardWord[] {
  return analysis.aligned.filter((word) => word.decoded || recovered(word));
}

function recovered(word: HeardWord): boolean {
  const gop = gopOf(word.phones);
  return gop !== null && gop >= RECOVER_MIN_GOP && hasOwnAudio(word);
}
