import { describe, expect, it } from 'vitest';
import { inflectionCandidates, sameStem, stemOf } from '../../src/engine/text/inflections.js';

describe('inflections', () => {
  it('gives a word and its regular inflections one stem', () => {
    for (const [a, b] of [
      ['change', 'changing'],
      ['floods', 'flooded'],
      ['study', 'studies'],
      ['run', 'running'],
      ['box', 'boxes'],
      ['stop', 'stopped'],
      ['bee', 'bees'],
      ['tree', 'trees'],
      ['agree', 'agreeing'],
      ['need', 'needs'],
      ['need', 'needed'],
      ['speed', 'speeds'],
      ['building', 'buildings'],
      ['meeting', 'meetings'],
      ['hundred', 'hundreds'],
    ]) {
      expect(sameStem(a!, b!), `${a} ${b}`).toBe(true);
    }
    expect(stemOf('ice')).toBe('ice');
  });

  it('does not take a word for an inflection of another', () => {
    for (const [a, b] of [
      ['glass', 'glacier'],
      ['bees', 'be'],
      ['need', 'n'],
      ['one', 'on'],
    ]) {
      expect(sameStem(a!, b!), `${a} ${b}`).toBe(false);
    }
  });

  it('offers the spellings of a word’s inflections, and only its own', () => {
    expect(inflectionCandidates('melt')).toEqual(
      expect.arrayContaining(['melts', 'melted', 'melting']),
    );
    expect(inflectionCandidates('floods')).toEqual(expect.arrayContaining(['flood', 'flooded']));
    expect(inflectionCandidates('bear')).not.toContain('beare');
    expect(inflectionCandidates('bees')).toEqual(expect.arrayContaining(['bee']));
    expect(inflectionCandidates('bees')).not.toContain('be');
    expect(inflectionCandidates('need')).not.toContain('n');
  });
});
