import type { Word } from './contract/envelope.js';

/**
 * A pause's length in ms: its own `duration` when the result gives one (rs), else the gap
 * between the timed words on either side (rl and di carry no `duration` on pauses). Null
 * when neither is known: an unknown length is never shown as zero.
 */
export function pauseLengthMs(words: readonly Word[], index: number): number | null {
  const pause = words[index];
  if (!pause) return null;
  if (typeof pause.duration === 'number' && pause.duration > 0) return pause.duration;
  const before = neighbour(words, index, -1);
  const after = neighbour(words, index, 1);
  if (!before || !after || after.start <= before.end) return null;
  return after.start - before.end;
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
