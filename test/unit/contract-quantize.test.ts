import { describe, expect, it } from 'vitest';
import {
  componentMax,
  quantize,
  roundToStep,
  scoreFraction,
} from '../../src/shared/contract/quantize.js';

describe('quantize', () => {
  it('with precision 0.5 on scale 5 gives exactly 0, 0.5, …, 5', () => {
    const seen = new Set<number>();
    for (let i = 0; i <= 1000; i++) seen.add(scoreFraction(i / 1000, { scale: 5, precision: 0.5 }));
    expect([...seen].sort((a, b) => a - b)).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5]);
  });

  it('rounds to the nearest step', () => {
    expect(quantize(3.24, 5, 0.5)).toBe(3);
    expect(quantize(3.25, 5, 0.5)).toBe(3.5);
    expect(quantize(3.74, 5, 0.5)).toBe(3.5);
    expect(quantize(2.345, 5, 0.01)).toBe(2.35);
  });

  it('clamps to [0, maxScore] and treats non-finite values as 0', () => {
    expect(quantize(-1, 5, 0.5)).toBe(0);
    expect(quantize(7, 5, 0.5)).toBe(5);
    expect(quantize(Number.NaN, 5, 0.5)).toBe(0);
    expect(quantize(Number.POSITIVE_INFINITY, 5, 0.5)).toBe(0);
  });

  it('never rounds above a maxScore that is not a multiple of the step', () => {
    expect(quantize(1.2, 1.2, 0.5)).toBe(1);
    expect(quantize(4.9, 4.9, 1)).toBe(4);
  });

  it('strips binary noise', () => {
    expect(quantize(0.1 + 0.2, 5, 0.1)).toBe(0.3);
    expect(quantize(0.7, 5, 0.1)).toBe(0.7);
    expect(roundToStep(3 * 0.1, 0.1)).toBe(0.3);
    for (let i = 0; i <= 100; i++) {
      const score = scoreFraction(i / 100, { scale: 5, precision: 0.01 });
      expect(String(score)).toMatch(/^\d(\.\d{1,2})?$/u);
    }
  });

  it('scales a fraction to the requested scale', () => {
    expect(scoreFraction(0.5, { scale: 100, precision: 1 })).toBe(50);
    expect(scoreFraction(1, { scale: 10, precision: 0.5 })).toBe(10);
    expect(scoreFraction(0.333, { scale: 7, precision: 0.25 })).toBe(2.25);
  });
});

describe('componentMax', () => {
  it('scales a native top mark by scale / 5', () => {
    expect(componentMax(3, 5)).toBe(3);
    expect(componentMax(3, 10)).toBe(6);
    expect(componentMax(3, 100)).toBe(60);
    expect(componentMax(5, 100)).toBe(100);
  });

  it('is not an integer on odd scales', () => {
    expect(componentMax(3, 7)).toBe(4.2);
    expect(componentMax(3, 1)).toBe(0.6);
  });
});

describe('precision below what scores are reported to', () => {
  it.each([5e-324, 1e-300, 1e-11])('with precision %s keeps the value to 10 decimals', (step) => {
    expect(quantize(3.141592653589793, 5, step)).toBe(3.1415926536);
    expect(quantize(5, 5, step)).toBe(5);
    expect(quantize(0, 5, step)).toBe(0);
    expect(scoreFraction(2 / 3, { scale: 5, precision: step })).toBe(3.3333333333);
  });

  it('never exceeds maxScore', () => {
    expect(quantize(4.99999999999, 4.99999999999, 5e-324)).toBeLessThanOrEqual(4.99999999999);
  });
});
