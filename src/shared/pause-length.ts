import type { Word } from './contract/envelope.js';

/** docs/api.md: a pause is a silence of at least 300 ms; anything shorter is not one. */
export const MIN_PAUSE_MS = 300;

export interface PauseSpan {
  start: number;
  end: number;
}

/** What a `Pause` entry shows: nothing, a pause of unknown length, or its silent stretch. */
export type ShownPause = { hidden: true } | { hidden: false; span: PauseSpan | null };

/**
 * The one reading of a `Pause` entry's place in time, for the transcript, the waveform and
 * the reports. Its own `duration` when the result gives one (rs), else the silence between
 * the timed entries on either side (rl and di carry no `duration`; hesitations and unclear
 * speech are timed, so the silence stops at them). A stretch under 300 ms, or one that
 * overlaps any timed entry (speech), is not a pause and is hidden. With no timed neighbour
 * the pause is shown without a length: an unknown length is never shown as zero.
 */
export function shownPause(words: readonly Word[], index: number): ShownPause {
  const pause = words[index];
  if (!pause) return { hidden: true };
  const before = neighbour(words, index, -1);
  if (typeof pause.duration === 'number' && pause.duration > 0) {
    if (pause.duration < MIN_PAUSE_MS) return { hidden: true };
    return {
      hidden: false,
      span: before ? { start: before.end, end: before.end + pause.duration } : null,
    };
  }
  const after = neighbour(words, index, 1);
  if (!before || !after) return { hidden: false, span: null };
  const span = { start: before.end, end: after.start };
  if (span.end - span.start < MIN_PAUSE_MS || overlapsSpeech(words, span)) return { hidden: true };
  return { hidden: false, span };
}

/** A pause's length in ms, or null when it is hidden or its length is unknown. */
export function pauseLengthMs(words: readonly Word[], index: number): number | null {
  const shown = shownPause(words, index);
  if (shown.hidden) return null;
  const duration = words[index]?.duration;
  if (typeof duration === 'number' && duration > 0) return duration;
  return shown.span ? shown.span.end - shown.span.start : null;
}

function overlapsSpeech(words: readonly Word[], span: PauseSpan): boolean {
  return words.some(
    (word) => word.end > word.start && word.start < span.end && word.end > span.start,
  );
}

function neighbour(words: readonly Word[], index: number, step: 1 | -1): Word | null {
  for (let i = index + step; i >= 0 && i < words.length; i += step) {
    const word = words[i] as Word;
    if (word.end > word.start) return word;
    if (word.label !== 'Pause' && word.label !== 'Missing') return null;
  }
  return null;
}

/** "0.8 s", or "pause" alone when the length is unknown. */
export function pauseLabel(lengthMs: number | null): string {
  return lengthMs === null ? 'pause' : `pause ${(lengthMs / 1000).toFixed(1)} s`;
}
