import type { DecodedSegment } from '../recognizer/acoustic-model.js';
import { baseWord } from '../recognizer/dictionary.js';
import { phoneWord } from '../recognizer/phones.js';
import { isSilence } from '../recognizer/recognize.js';

/** The vowels a filled pause is heard as ("uh" comes out as AH, AA or ER, by speaker). */
const FILLED_PAUSE_VOWELS = new Set(['AH', 'AA', 'AO', 'AE', 'ER', 'EH', 'UH'].map(phoneWord));
const CLOSING_NASAL = phoneWord('M');
/**
 * A hesitation lasts at least this long (200 ms); shorter "um"s and lone vowels are pieces of
 * words (in 80 s of speechocean762 readings, all five hesitation words the spotter put down
 * were 100–170 ms inside running speech).
 */
const MIN_HESITATION_FRAMES = 20;

function frames(segment: Pick<DecodedSegment, 'startFrame' | 'endFrame'>): number {
  return segment.endFrame - segment.startFrame + 1;
}

/**
 * The hesitations of a spotting path, in time order: its hesitation words, and the filled
 * pauses heard as free phones (below), each at least 200 ms long.
 */
export function hesitationsOf(
  path: readonly DecodedSegment[],
  hesitationWords: ReadonlySet<string>,
): DecodedSegment[] {
  return [
    ...path.filter(
      (segment) =>
        hesitationWords.has(baseWord(segment.text)) && frames(segment) >= MIN_HESITATION_FRAMES,
    ),
    ...filledPauses(path),
  ].sort((a, b) => a.startFrame - b.startFrame);
}

/**
 * Hesitations ("uh", "um") the phone loop heard where the spotting grammar's hesitation words
 * lost to a single free phone: one sustained vowel, perhaps closed by M, with silence (or the
 * phrase's edge) on both sides. Returned as hesitation segments ("uh" or "um").
 */
function filledPauses(path: readonly DecodedSegment[]): DecodedSegment[] {
  const found: DecodedSegment[] = [];
  path.forEach((segment, index) => {
    if (!FILLED_PAUSE_VOWELS.has(segment.text)) return;
    const closed = path[index + 1]?.text === CLOSING_NASAL;
    const last = closed ? path[index + 1]! : segment;
    const before = path[index - 1];
    const after = path[index + (closed ? 2 : 1)];
    const quietBefore = before === undefined || isSilence(before.text);
    const quietAfter = after === undefined || isSilence(after.text);
    const span = { startFrame: segment.startFrame, endFrame: last.endFrame };
    if (quietBefore && quietAfter && frames(span) >= MIN_HESITATION_FRAMES) {
      found.push({
        text: closed ? 'um' : 'uh',
        startFrame: segment.startFrame,
        endFrame: last.endFrame,
        acousticScore: segment.acousticScore + (closed ? last.acousticScore : 0),
      });
    }
  });
  return found;
}
