import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../../src/server/validation.js';

describe('nestsDeeperThan', () => {
  it.each([
    ['{"a":[[1]]}', 3, false],
    ['{"a":[[1]]}', 2, true],
    ['[[], [], []]', 2, false],
    ['{"a":"[[[[{{{{"}', 1, false], // brackets inside strings do not count
    ['{"a":"\\"[[[["}', 1, false], // nor after an escaped quote
    ['{"a":"\\\\"}', 1, false], // an escaped backslash ends before the closing quote
    ['{"a":"\\\\\\"[[[["}', 1, false],
    ['{"a":"x"}[[', 1, true],
    ['{"a":"unterminated [[[[', 1, false], // left for the parser to call invalid
  ])('%s deeper than %i: %s', (text, depth, deeper) => {
    expect(nestsDeeperThan(text, depth)).toBe(deeper);
  });

  it('agrees with the nesting JSON.parse builds', () => {
    const value = { a: [{ b: ['"[[', { c: '\\"{{' }] }], d: 'x' };
    const text = JSON.stringify(value);
    expect(nestsDeeperThan(text, 5)).toBe(false);
    expect(nestsDeeperThan(text, 4)).toBe(true);
  });
});
