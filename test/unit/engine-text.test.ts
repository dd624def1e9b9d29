import { describe, expect, it } from 'vitest';
import { guessPronunciation } from '../../src/engine/text/g2p.js';
import { sequenceGrammar } from '../../src/engine/recognizer/grammar.js';
import { sentencesOf, tokenize } from '../../src/engine/text/words.js';
import { cardinalWords } from '../../src/engine/text/numbers.js';
import { alignSpelling } from '../../src/engine/text/phonics.js';

describe('reference text', () => {
  it('keeps words as written and says numbers in words', () => {
    const words = tokenize('The 25 students — well-known, aren’t they?');
    expect(words.map((word) => word.display)).toEqual([
      'The',
      '25',
      'students',
      'well',
      'known',
      'aren’t',
      'they',
    ]);
    expect(words[1]?.spoken).toEqual(['twenty', 'five']);
    expect(words[5]?.spoken).toEqual(["aren't"]);
  });

  it('keeps the stops of a dotted abbreviation, not the one that ends the sentence', () => {
    const words = tokenize('In the U.S., e.g. here, as in the U.K.');
    expect(words.map((word) => word.display)).toEqual([
      'In',
      'the',
      'U.S.',
      'e.g.',
      'here',
      'as',
      'in',
      'the',
      'U.K.',
    ]);
    expect(words.map((word) => word.spoken.join(' '))).toEqual([
      'in',
      'the',
      'u s',
      'for example',
      'here',
      'as',
      'in',
      'the',
      'u k',
    ]);
  });

  it('reads 1100–1999 as a year, other numbers as cardinals', () => {
    expect(
      tokenize('In 1990, 2005 and 2024: 1,500 of 12000').map((word) => word.spoken.join(' ')),
    ).toEqual([
      'in',
      'nineteen ninety',
      'two thousand five',
      'and',
      'two thousand twenty four',
      'one thousand five hundred',
      'of',
      'twelve thousand',
    ]);
  });

  it('reads larger numbers, grouped digits and ordinals the way a speaker does', () => {
    expect(cardinalWords(2024)).toEqual(['two', 'thousand', 'twenty', 'four']);
    expect(cardinalWords(310)).toEqual(['three', 'hundred', 'ten']);
    expect(tokenize('the 21st of 1,500').map((word) => word.spoken)).toEqual([
      ['the'],
      ['twenty', 'first'],
      ['of'],
      ['one', 'thousand', 'five', 'hundred'],
    ]);
  });

  it('builds a grammar where every reference word may be skipped, in order', () => {
    expect(sequenceGrammar(tokenize('we call 2'), { restarts: false })).toContain(
      'public <answer> = [we] [call] [two];',
    );
  });

  it('lets a reading start again from the first word after a false start of its first words', () => {
    expect(sequenceGrammar(tokenize('we call 2'))).toContain(
      'public <answer> = /1/ [we] [call] [two] | /1e-20/ we [call] we [call] [two];',
    );
  });
});

describe('sentences of a lecture', () => {
  it('ends a sentence at its stop, not at a dotted abbreviation', () => {
    const sentences = sentencesOf(
      'The U.S. economy grew quickly after 1990. Trade with Asia, e.g. cars, doubled! Climate change: worries.',
    ).map((words) => words.map((word) => word.display).join(' '));
    expect(sentences).toEqual([
      'The U.S. economy grew quickly after 1990',
      'Trade with Asia e.g. cars doubled',
      'Climate change',
      'worries',
    ]);
  });
});

describe('letter-to-sound fallback', () => {
  it('gives plausible ARPAbet for words outside the dictionary', () => {
    expect(guessPronunciation('blick')).toEqual(['B', 'L', 'IH', 'K']);
    expect(guessPronunciation('shope')).toEqual(['SH', 'AA', 'P']);
    expect(guessPronunciation('zent')).toEqual(['Z', 'EH', 'N', 'T']);
  });
});

describe('phonics', () => {
  const spell = (word: string, phones: string[]): Array<[string, string[]]> =>
    alignSpelling(word, phones).map((piece) => [
      piece.spell,
      piece.phones.map((index) => phones[index] ?? ''),
    ]);

  it('lines up letters with the phones they spell, silent letters joining their neighbour', () => {
    expect(spell('Church', ['CH', 'ER', 'CH'])).toEqual([
      ['Ch', ['CH']],
      ['ur', ['ER']],
      ['ch', ['CH']],
    ]);
    expect(spell('make', ['M', 'EY', 'K'])).toEqual([
      ['m', ['M']],
      ['a', ['EY']],
      ['ke', ['K']],
    ]);
    expect(spell('box', ['B', 'AA', 'K', 'S'])).toEqual([
      ['b', ['B']],
      ['o', ['AA']],
      ['x', ['K', 'S']],
    ]);
  });

  it('covers every letter and every phone exactly once', () => {
    const phones = ['N', 'AY', 'T'];
    const pieces = alignSpelling('knight', phones);
    expect(pieces.map((piece) => piece.spell).join('')).toBe('knight');
    expect(pieces.flatMap((piece) => piece.phones)).toEqual([0, 1, 2]);
  });
});
