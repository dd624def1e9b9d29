import { describe, expect, it } from 'vitest';
import { editDistance } from '../../src/engine/scoring/wfd/edit-distance.js';
import { isEnglishWord } from '../../src/engine/scoring/wfd/lexicon.js';
import { cardinalWords, ordinalWords, spellNumber } from '../../src/engine/text/numbers.js';
import { americanSpelling } from '../../src/engine/scoring/wfd/spelling.js';
import { normaliseText } from '../../src/engine/scoring/wfd/text.js';
import { tokenise, wordKey } from '../../src/engine/scoring/wfd/tokens.js';

describe('numbers', () => {
  it('spells cardinals the American way, without "and"', () => {
    expect(cardinalWords(0)).toEqual(['zero']);
    expect(cardinalWords(13)).toEqual(['thirteen']);
    expect(cardinalWords(40)).toEqual(['forty']);
    expect(cardinalWords(105)).toEqual(['one', 'hundred', 'five']);
    expect(cardinalWords(2_000_019)).toEqual(['two', 'million', 'nineteen']);
    expect(cardinalWords(1_500)).toEqual(['one', 'thousand', 'five', 'hundred']);
  });

  it('spells ordinals', () => {
    expect(ordinalWords(1)).toEqual(['first']);
    expect(ordinalWords(12)).toEqual(['twelfth']);
    expect(ordinalWords(20)).toEqual(['twentieth']);
    expect(ordinalWords(23)).toEqual(['twenty', 'third']);
  });

  it('reads digit tokens and leaves everything else alone', () => {
    expect(spellNumber('1,000')).toEqual(['one', 'thousand']);
    expect(spellNumber('2nd')).toEqual(['second']);
    expect(spellNumber('12,34')).toBeNull();
    expect(spellNumber('1234567890')).toBeNull();
    expect(spellNumber('abc')).toBeNull();
  });
});

describe('spelling', () => {
  it('maps British forms and their inflections to American', () => {
    expect(americanSpelling('colours')).toBe('colors');
    expect(americanSpelling('honourable')).toBe('honorable');
    expect(americanSpelling('theatres')).toBe('theaters');
    expect(americanSpelling('cancelled')).toBe('canceled');
    expect(americanSpelling('recognising')).toBe('recognizing');
    expect(americanSpelling('paralysed')).toBe('paralyzed');
  });

  it('leaves words that are -ise everywhere, and unrelated words, unchanged', () => {
    for (const word of [
      'advertise',
      'surprised',
      'exercises',
      'raise',
      'noise',
      'four',
      'your',
      'more',
    ]) {
      expect(americanSpelling(word)).toBe(word);
    }
  });
});

describe('text and tokens', () => {
  it('normalises quotes, invisible characters and whitespace, keeping case', () => {
    expect(normaliseText('\u201CIt\u2019s\u201D\u200B  a\u2011b\n')).toBe('"It\'s" a-b');
  });

  it('keeps a hyphenated word as one token of several parts', () => {
    const [token] = tokenise('“Well-known,”');
    expect(token?.display).toBe('Well-known');
    expect(token?.parts.map((part) => part.key)).toEqual(['well', 'known']);
    expect(wordKey(token!)).toBe('wellknown');
  });

  it('drops tokens that are punctuation only', () => {
    expect(tokenise('yes - no ... !').map((token) => token.display)).toEqual(['yes', 'no']);
  });
});

describe('edit distance', () => {
  it('counts insertions, deletions, substitutions and transpositions', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('recieve', 'receive')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });
});

describe('bounded edit distance', () => {
  it('agrees with the full distance up to the limit and reports limit + 1 past it', () => {
    const pairs: Array<[string, string]> = [
      ['environment', 'enviroment'],
      ['the', 'teh'],
      ['kitten', 'sitting'],
      ['abcdef', 'badcfe'],
      ['a', 'zzzzzz'],
    ];
    for (const [a, b] of pairs) {
      const full = editDistance(a, b);
      for (let limit = 0; limit <= 4; limit++) {
        expect(editDistance(a, b, limit), `${a}/${b} within ${limit}`).toBe(
          Math.min(full, limit + 1),
        );
      }
    }
  });
});

describe('word list', () => {
  it('knows real words, contractions and possessives, and not misspellings', () => {
    for (const word of [
      'a',
      'four',
      'for',
      'colour',
      'tire',
      "it's",
      "won't",
      "students'",
      "cat's",
    ]) {
      expect(isEnglishWord(word), word).toBe(true);
    }
    for (const word of ['enviroment', 'recieve', 'dont', 'changeing', "xyzzyq's"]) {
      expect(isEnglishWord(word), word).toBe(false);
    }
  });
});
