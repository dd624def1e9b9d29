import { describe, expect, it } from 'vitest';
import { scoreWriteFromDictation } from '../../src/engine/scoring/wfd/index.js';

/** Issue 14: marked the way the exam marks it, with notes that never mislead. */
function mark(question: string, responseUser: string) {
  const result = scoreWriteFromDictation({ question, responseUser });
  const words = result.components[0]!;
  return {
    score: words.score,
    notes: words.privateNotes,
    suggestion: words.suggestion,
    labels: result.words.map((word) => `${word.word}:${word.label}`),
  };
}

describe('apostrophes are spelling', () => {
  it('its ≠ it’s, both ways', () => {
    expect(mark('its shape', "it's shape")).toMatchObject({
      score: 1,
      notes: 'Apostrophe added: "it\'s" for "its"',
      suggestion: 'Good effort: check the apostrophe in "its".',
      labels: ['its:Bad', 'shape:Good'],
    });
    expect(mark("it's late", 'its late')).toMatchObject({
      score: 1,
      notes: 'Apostrophe missing: "its" for "it\'s"',
    });
  });

  it('well ≠ we’ll, both ways', () => {
    expect(mark("We'll see", 'well see')).toMatchObject({
      score: 1,
      notes: 'Apostrophe missing: "well" for "We\'ll"',
    });
    expect(mark('well done', "we'll done")).toMatchObject({
      score: 1,
      notes: 'Apostrophe added: "we\'ll" for "well"',
    });
  });

  it('dont ≠ don’t, both ways; a misplaced apostrophe is wrong too', () => {
    expect(mark("Don't go", 'dont go')).toMatchObject({
      score: 1,
      notes: 'Apostrophe missing: "dont" for "Don\'t"',
    });
    expect(mark('dont go', "don't go").score).toBe(1);
    expect(mark("don't go", "do'nt go")).toMatchObject({
      score: 1,
      notes: 'Apostrophe misplaced: "do\'nt" for "don\'t"',
    });
  });

  it('tells an apostrophe from a British/American difference', () => {
    expect(mark("the colour's depth", 'the colors depth').notes).toBe(
      'Apostrophe missing: "colors" for "colour\'s"',
    );
    expect(mark("the colour's depth", "the color's depth").score).toBe(3);
  });

  it('curly and straight apostrophes are the same, both ways', () => {
    expect(mark("it's here", 'it’s here').score).toBe(2);
    expect(mark('it’s here', "it's here").score).toBe(2);
    expect(mark('it‘s here', 'it`s here').score).toBe(2);
  });

  it('keeps the plural possessive apostrophe, and drops quote marks around a word', () => {
    expect(mark("the students' books", 'the students books')).toMatchObject({
      score: 2,
      notes: 'Apostrophe missing: "students" for "students\'"',
    });
    expect(mark("the students' books", 'the students’ books').score).toBe(3);
    expect(mark("the 'best' plan", 'the best plan').score).toBe(3);
  });
});

describe('contractions and their expansions', () => {
  it('an expanded contraction earns nothing and is named as such, not as a misspelling', () => {
    expect(mark("It's a good day.", 'it is a good day')).toMatchObject({
      score: 3,
      notes: 'Contraction written out: "it is" for "It\'s"',
      suggestion: 'Good effort: write the contraction "It\'s" as it was said.',
      labels: ["It's:Bad", 'a:Good', 'good:Good', 'day:Good'],
    });
    expect(mark("You can't go", 'you cannot go').notes).toBe(
      'Contraction written out: "cannot" for "can\'t"',
    );
  });

  it('a contraction written for two words earns nothing for either, and is named', () => {
    expect(mark('it is raining', "it's raining")).toMatchObject({
      score: 1,
      notes: 'Contracted: "it\'s" for "it is"',
      suggestion: 'Keep practising: write "it is" in full, as it was said.',
      labels: ['it:Bad', 'is:Bad', 'raining:Good'],
    });
    expect(mark('do not stop', "don't stop").notes).toBe('Contracted: "don\'t" for "do not"');
    expect(mark('I cannot stay', "I can't stay").notes).toBe('Contracted: "can\'t" for "cannot"');
  });
});

describe('compounds', () => {
  it('a closed compound written as two words earns nothing for that word (issue row 3)', () => {
    expect(
      mark('Everyone attended the workshop.', 'every one attended the work shop'),
    ).toMatchObject({
      score: 2,
      notes: 'Written apart: "every one" for "Everyone", "work shop" for "workshop"',
      labels: ['Everyone:Bad', 'attended:Good', 'the:Good', 'workshop:Bad'],
    });
    expect(mark('everyone', 'every-one').score).toBe(0);
  });

  it('two words written as one earn nothing for either', () => {
    expect(mark('every one of them', 'everyone of them')).toMatchObject({
      score: 2,
      notes: 'Written as one word: "everyone" for "every one"',
      labels: ['every:Bad', 'one:Bad', 'of:Good', 'them:Good'],
    });
  });

  it('a hyphenated word matches its hyphenated, spaced and joined forms, both ways', () => {
    expect(mark('a well-known fact', 'a well known fact').score).toBe(3);
    expect(mark('a well-known fact', 'a wellknown fact').score).toBe(3);
    expect(mark('a well known fact', 'a well-known fact').score).toBe(4);
    expect(mark('a well-known fact', 'a wel-lknown fact').score).toBe(2);
    expect(mark('my mother-in-law', 'my mother in law').score).toBe(2);
  });
});

describe('British and American spellings, one table', () => {
  const pairs: Array<[string, string]> = [
    ['colour', 'color'],
    ['travelling', 'traveling'],
    ['cheque', 'check'],
    ['tyre', 'tire'],
    ['storey', 'story'],
    ['storeys', 'stories'],
    ['kerb', 'curb'],
    ['draught', 'draft'],
  ];
  it.each(pairs)('accepts %s ↔ %s both ways', (british, american) => {
    expect(mark(`the ${british}`, `the ${american}`).score).toBe(2);
    expect(mark(`the ${american}`, `the ${british}`).score).toBe(2);
  });

  it.each([
    ['tyre', 'tire'],
    ['cheque', 'check'],
    ['storeys', 'stories'],
    ['kerb', 'curb'],
    ['draught', 'draft'],
    ['metres', 'meters'],
    ['programme', 'program'],
    ['practise', 'practice'],
    ['licence', 'license'],
  ])('notes the ambiguous pair %s/%s as a spelling variant', (british, american) => {
    expect(mark(british, american).notes).toBe(
      `The word is correct. Accepted as a spelling variant: "${american}" for "${british}"`,
    );
  });

  it('says so in the notes when the pair is ambiguous (issue rows 5 and 6)', () => {
    expect(mark('Please pay by cheque.', 'please pay by check')).toMatchObject({
      score: 4,
      notes: 'All 4 words correct. Accepted as a spelling variant: "check" for "cheque"',
      suggestion: 'Excellent: every word is correct.',
    });
    expect(mark('The tyre needs travelling.', 'the tire needs traveling').notes).toBe(
      'All 4 words correct. Accepted as a spelling variant: "tire" for "tyre"',
    );
    expect(mark('a flat tire', 'a flat tyre').notes).toBe(
      'All 3 words correct. Accepted as a spelling variant: "tyre" for "tire"',
    );
    expect(mark('the colour', 'the color').notes).toBe('All 2 words correct.');
  });
});

describe('notes that never mislead', () => {
  it('calls a correctly spelled word written for another a wrong word, not a misspelling', () => {
    expect(mark('four seasons', 'for seasons')).toMatchObject({
      score: 1,
      notes: 'Wrong word: "for" for "four"',
      suggestion: 'Good effort: listen again for "four".',
    });
  });

  it('names a missed repeated word by its position, and labels that occurrence Missing', () => {
    expect(mark('the cat and the dog', 'the cat and dog')).toMatchObject({
      notes: 'Missed: the second "the"',
      suggestion: 'Nearly there: listen again for the second "the".',
      labels: ['the:Good', 'cat:Good', 'and:Good', 'the:Missing', 'dog:Good'],
    });
    expect(mark('the cat and the dog', 'cat and the dog')).toMatchObject({
      notes: 'Missed: the first "the"',
      labels: ['the:Missing', 'cat:Good', 'and:Good', 'the:Good', 'dog:Good'],
    });
    expect(mark('The cat saw the dog', 'teh cat saw the dog').notes).toBe(
      'Misspelled: "teh" for the first "The"',
    );
  });

  it('labels a word not written Missing, one written wrongly Bad', () => {
    expect(mark('the big cat', 'the bgi').labels).toEqual(['the:Good', 'big:Bad', 'cat:Missing']);
  });
});

describe('compounds in three pieces', () => {
  it('names a word written in two or three pieces as written apart, no more pieces', () => {
    expect(mark('nevertheless', 'never the less').notes).toBe(
      'Written apart: "never the less" for "nevertheless"',
    );
    expect(mark('cat', 'c a t').notes).toBe('Written apart: "c a t" for "cat"');
    expect(mark('word', 'w o r d').notes).toBe(
      'Missed: "word"; extra words (not penalised): "w", "o", "r", "d"',
    );
  });
});
