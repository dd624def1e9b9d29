import { describe, expect, it } from 'vitest';
import { forDetectors, frameLevels } from '../../src/engine/audio/vad.js';

/** A 1 kHz tone whose 30 ms frames all sit at `dbfs`. */
function toneAt(dbfs: number): Float32Array {
  const amplitude = Math.SQRT2 * 10 ** (dbfs / 20);
  return Float32Array.from(
    { length: 16000 },
    (_, i) => amplitude * Math.sin((2 * Math.PI * i) / 16),
  );
}

function heardAt(dbfs: number): { loudest: number; floorDbfs: number; same: boolean } {
  const samples = toneAt(dbfs);
  const heard = forDetectors(samples, frameLevels(samples));
  return {
    loudest: Math.max(...frameLevels(heard.samples)),
    floorDbfs: heard.floorDbfs,
    same: heard.samples === samples,
  };
}

describe('forDetectors', () => {
  it('leaves a recording at speaking level as it is, with the floor at −55 dBFS', () => {
    expect(heardAt(-10)).toEqual({ loudest: expect.closeTo(-10, 1), floorDbfs: -55, same: true });
    expect(heardAt(-16).same).toBe(true);
  });

  it('lifts a quiet recording to speaking level and lowers its floor by as much', () => {
    const heard = heardAt(-36);
    expect(heard.loudest).toBeCloseTo(-16, 1);
    expect(heard.floorDbfs).toBeCloseTo(-75, 5);
  });

  it('lifts by 40 dB at most, and never calls a frame under −80 dBFS speech', () => {
    const heard = heardAt(-76);
    expect(heard.loudest).toBeCloseTo(-36, 1);
    expect(heard.floorDbfs).toBe(-80);
  });
});
