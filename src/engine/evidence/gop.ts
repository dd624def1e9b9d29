import type { DecodedSegment } from '../recognizer/acoustic-model.js';
import type { AlignedPhone } from '../recognizer/recognize.js';

/**
 * Goodness of pronunciation (GOP), defined here once: per frame, the forced alignment's acoustic
 * log score minus the free phone loop's over the same frames (both relative to the frame's best
 * senone, so that shared offset cancels). Higher is better; 0 means no phone fits better.
 */

/** The GOP a word gets when it has no aligned phones. */
export const NO_GOP = -70;
/**
 * The aligner gives a word it must squeeze into no audio 3 frames a phone; a word with more
 * than this has audio of its own.
 */
export const MIN_FRAMES_PER_PHONE = 3.5;

export function frameCount(segment: { startFrame: number; endFrame: number }): number {
  return Math.max(1, segment.endFrame - segment.startFrame + 1);
}

/** GOP over a run of phones, weighted by their frames; null when there are none. */
export function gopOf(phones: readonly AlignedPhone[]): number | null {
  const frames = phones.reduce((sum, phone) => sum + frameCount(phone), 0);
  const score = phones.reduce((sum, phone) => sum + phone.acousticScore - phone.competitorScore, 0);
  return frames === 0 ? null : score / frames;
}

/** GOP of one aligned phone. */
export function phoneGop(phone: AlignedPhone): number {
  return (phone.acousticScore - phone.competitorScore) / frameCount(phone);
}

/** GOP of a word over its phones (NO_GOP without any). */
export function wordGop(word: { phones: readonly AlignedPhone[] }): number {
  return gopOf(word.phones) ?? NO_GOP;
}

/**
 * A segment's acoustic score per frame against the best senone of the whole model, frame by
 * frame: how well the decoded word or the aligned phone fits, with no competing hypothesis.
 */
export function senoneGop(segment: DecodedSegment): number {
  return segment.acousticScore / frameCount(segment);
}

/** The aligner gave the word more than the minimum length: it has audio of its own. */
export function hasOwnAudio(word: { phones: readonly AlignedPhone[] }): boolean {
  const frames = word.phones.reduce((sum, phone) => sum + frameCount(phone), 0);
  return word.phones.length > 0 && frames / word.phones.length > MIN_FRAMES_PER_PHONE;
}
