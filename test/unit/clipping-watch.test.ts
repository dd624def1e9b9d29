import { describe, expect, it } from 'vitest';
import { ClippingWatch } from '../../src/renderer/src/recording/clipping-watch.js';

// The meter as the app reads it: the last 1024 samples at 48 kHz, once per animation frame.
const RATE = 48_000;
const WINDOW = 1024;

/** A 220 Hz voice-like tone at `amplitude`, stored as a microphone stores it: bounded to ±1. */
function frames(seconds: number, amplitude: number): Float32Array[] {
  const out: Float32Array[] = [];
  for (let start = 0; start < seconds * RATE; start += WINDOW) {
    out.push(
      Float32Array.from({ length: WINDOW }, (_, i) =>
        Math.max(-1, Math.min(1, amplitude * Math.sin((2 * Math.PI * 220 * (start + i)) / RATE))),
      ),
    );
  }
  return out;
}

describe('ClippingWatch', () => {
  it('says a voice turned up past full scale clips, from its first frame', () => {
    const watch = new ClippingWatch();
    const [first, ...rest] = frames(3, 4);
    watch.hear(first!);
    expect(watch.isClipping()).toBe(true);
    for (const frame of rest) watch.hear(frame);
    expect(watch.isClipping()).toBe(true);
  });

  it('leaves a loud voice that stays under full scale alone', () => {
    const watch = new ClippingWatch();
    for (const frame of frames(3, 0.97)) watch.hear(frame);
    expect(watch.isClipping()).toBe(false);
  });

  it('leaves an answer alone where one syllable clipped a few samples', () => {
    const watch = new ClippingWatch();
    const answer = frames(5, 0.3);
    answer[100]!.fill(1, 10, 40);
    for (const frame of answer) watch.hear(frame);
    expect(watch.isClipping()).toBe(false);
  });

  it('has not clipped before it has heard anything', () => {
    expect(new ClippingWatch().isClipping()).toBe(false);
  });
});
