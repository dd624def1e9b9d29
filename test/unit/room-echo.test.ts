import { describe, expect, it } from 'vitest';
import { inRoom, peakAmplitude, roomResponse } from '../helpers/speech-fixtures.js';

/** The benches' echoing rooms (bench/so762-cases.ts, bench/devices.ts) are the rooms they name. */
describe('a synthetic room', () => {
  const room = { reverberationSeconds: 0.6, directToReverberantDb: 5 };
  const rate = 16000;

  it('puts the voice the stated level over its echo', () => {
    const response = roomResponse(room);
    const tail = response.slice(1).reduce((sum, value) => sum + value * value, 0);
    expect(10 * Math.log10(response[0]! ** 2 / tail)).toBeCloseTo(5, 6);
  });

  it('lets the echo die away by 60 dB over the stated time (Schroeder, from −5 to −25 dB)', () => {
    const energy = roomResponse(room)
      .slice(1)
      .map((value) => value * value);
    const remaining = new Float64Array(energy.length);
    for (let i = energy.length - 1, sum = 0; i >= 0; i -= 1) remaining[i] = sum += energy[i]!;
    const at = (db: number): number =>
      remaining.findIndex((value) => 10 * Math.log10(value / remaining[0]!) < db);
    const reverberation = ((at(-25) - at(-5)) / rate) * 3;
    expect(reverberation).toBeGreaterThan(0.54);
    expect(reverberation).toBeLessThan(0.66);
  });

  it('keeps the recording its peak and adds the echo after it', () => {
    const samples = Float32Array.from({ length: rate }, (_, i) => 0.4 * Math.sin(i / 7));
    const echoing = inRoom(samples, room);
    expect(echoing.length).toBe(samples.length + roomResponse(room).length - 1);
    expect(peakAmplitude(echoing)).toBeCloseTo(0.4, 3);
    expect(Math.abs(echoing.at(-rate / 4)!)).toBeGreaterThan(0);
  });
});
