import { describe, expect, it } from 'vitest';
import { scoreWriteFromDictation } from '../../src/engine/scoring/wfd/index.js';
import type { ScoringError } from '../../src/shared/contract/errors.js';

function score(question: string, responseUser: string) {
  const result = scoreWriteFromDictation({ question, responseUser });
  const [words, overall] = result.components;
  return { result, words: words!, overall: overall! };
}

const points = (question: string, answer: string) => score(question, answer).words.score;

describe('Write From Dictation scoring rule', () => {
  it('gives one point per reference word, out of the number of reference words', () => {
    const { words, overall } = score(
      'The students have to submit their assignments.',
      'the students have to submit assignments',
    );
    expect(words).toMatchObject({ name: 'Words', score: 6, maxScore: 7, status: 0 });
    expect(overall).toMatchObject({ name: 'overall', score: 6, maxScore: 0, suggestion: null });
    expect(overall.privateNotes).toBe('6 of 7 words correct.');
  });

  it('ignores case, punctuation and word order', () => {
    expect(points('Climate change is real.', 'REAL, is change climate!')).toBe(4);
  });

  it('uses each answer word at most once', () => {
    expect(points('the cat and the dog', 'the cat and dog')).toBe(4);
    expect(points('the cat', 'the the the cat')).toBe(2);
  });

  it('does not penalise extra words', () => {
    expect(points('research is important', 'the research is very important indeed')).toBe(3);
  });

  it('scores an empty answer 0 with advice, not an error', () => {
    const { words } = score('Hello world', '   ');
    expect(words.score).toBe(0);
    expect(words.suggestion).toBe(
      'Keep practising: listen to the whole sentence and type every word you hear.',
    );
    expect(words.privateNotes).toBe('Missed: "Hello", "world"');
  });

  it('lists every reference word in order, labelled Good, Bad or Missing, with no timing', () => {
    const { result } = score('Good morning, everyone.', 'good mornin');
    expect(result.words.map((word) => [word.word, word.label])).toEqual([
      ['Good', 'Good'],
      ['morning', 'Bad'],
      ['everyone', 'Missing'],
    ]);
    expect(result.words[0]).toEqual({
      word: 'Good',
      label: 'Good',
      start: 0,
      end: 0,
      pronunciation: 0,
      phonemes: null,
      phonics: null,
      duration: null,
      userStress: null,
    });
  });

  it('returns the answer as typed, normalised, as the transcription', () => {
    const { result } = score('It is.', '  It’s\u00A0 FINE\t now ');
    expect(result.transcription).toBe("It's FINE now");
  });
});

describe('Write From Dictation normalisation', () => {
  it('treats Unicode quotes and apostrophes as plain ones', () => {
    expect(points("The student's book isn't here.", 'the student’s book isn‘t here')).toBe(5);
    expect(points('He said “yes”.', 'he said "yes"')).toBe(3);
  });

  it('applies NFKC: full-width letters, ligatures and non-breaking spaces', () => {
    expect(points('office staff', 'ｏｆｆｉｃｅ\u00A0staﬀ')).toBe(2);
  });

  it('ignores accents', () => {
    expect(points('a café with a naïve menu', 'a cafe with a naive menu')).toBe(6);
  });

  it('ignores stray and invisible whitespace', () => {
    expect(points('data analysis', '\n data\u200B   analysis \t')).toBe(2);
  });

  it('matches a contraction only with its apostrophe, never its expansion', () => {
    expect(points("Don't stop.", 'dont stop')).toBe(1);
    expect(points("Don't stop.", "don't stop")).toBe(2);
    expect(points("Don't stop.", 'don’t stop')).toBe(2);
    expect(points("Don't stop.", 'do not stop')).toBe(1);
    expect(points('do not stop', "don't stop")).toBe(1);
  });

  it('matches hyphenated and spaced compounds both ways', () => {
    expect(points('a well-known fact', 'a well known fact')).toBe(3);
    expect(points('a well known fact', 'a well-known fact')).toBe(4);
    expect(points('a well-known fact', 'a wellknown fact')).toBe(3);
    expect(points('a well-known fact', 'a well fact')).toBe(2);
  });

  it('treats dashes and slashes between words as spaces', () => {
    expect(points('cause—and effect', 'cause and effect')).toBe(3);
    expect(points('input/output', 'input output')).toBe(2);
  });

  it('matches numbers written as digits or as words', () => {
    expect(points('3 students', 'three students')).toBe(2);
    expect(points('three students', '3 students')).toBe(2);
    expect(points('21 days', 'twenty-one days')).toBe(2);
    expect(points('twenty-one days', '21 days')).toBe(2);
    expect(points('twenty one days', '21 days')).toBe(3);
    expect(points('the 21st century', 'the twenty-first century')).toBe(3);
    expect(points('1,500 people', 'one thousand five hundred people')).toBe(2);
    expect(points('3.5 percent', '3.5 percent')).toBe(2);
    expect(points('3 students', '4 students')).toBe(1);
  });

  it('accepts British and American spellings of the same word', () => {
    const pairs: Array<[string, string]> = [
      ['colour', 'color'],
      ['favourite', 'favorite'],
      ['neighbourhood', 'neighborhood'],
      ['centre', 'center'],
      ['centred', 'centered'],
      ['metres', 'meters'],
      ['organise', 'organize'],
      ['organisation', 'organization'],
      ['realised', 'realized'],
      ['analyse', 'analyze'],
      ['analysing', 'analyzing'],
      ['travelled', 'traveled'],
      ['modelling', 'modeling'],
      ['defence', 'defense'],
      ['catalogue', 'catalog'],
      ['programme', 'program'],
      ['grey', 'gray'],
      ['ageing', 'aging'],
      ['practising', 'practicing'],
      ['encyclopaedia', 'encyclopedia'],
      ['judgement', 'judgment'],
    ];
    for (const [british, american] of pairs) {
      expect(points(`the ${british}`, `the ${american}`), `${british} ↔ ${american}`).toBe(2);
      expect(points(`the ${american}`, `the ${british}`), `${american} ↔ ${british}`).toBe(2);
    }
  });

  it('keeps distinct words distinct', () => {
    expect(points('four', 'for')).toBe(0);
    expect(points('advise', 'advize')).toBe(0);
    expect(points('hour', 'hor')).toBe(0);
  });
});

describe('Write From Dictation feedback', () => {
  it('notes misses and near-miss misspellings for the teacher', () => {
    const { words } = score('the environment is changing', 'enviroment is changeing');
    expect(words.score).toBe(1);
    expect(words.privateNotes).toBe(
      'Missed: "the"; misspelled: "enviroment" for "environment", "changeing" for "changing"',
    );
    expect(words.suggestion).toBe(
      'Keep practising: check the spelling of "environment", "changing"; listen again for "the".',
    );
  });

  it('counts a transposition as one edit', () => {
    expect(score('receive', 'recieve').words.privateNotes).toBe(
      'Misspelled: "recieve" for "receive"',
    );
  });

  it('calls a far-off word missed, not misspelled', () => {
    expect(score('environment', 'weather').words.privateNotes).toBe(
      'Missed: "environment"; extra words (not penalised): "weather"',
    );
  });

  it('praises a perfect answer', () => {
    const { words } = score('All done.', 'all done');
    expect(words.suggestion).toBe('Excellent: every word is correct.');
    expect(words.privateNotes).toBe('All 2 words correct.');
  });

  it('cautions when the answer looks like a list of guesses', () => {
    const { words, overall } = score('the cat sat', 'a the an cat dog sat mat hat bat');
    expect(words.score).toBe(3);
    expect(words.status).toBe(1);
    expect(overall.status).toBe(1);
    expect(words.suggestion).toContain('Write only the words you hear');
  });
});

describe('Write From Dictation input', () => {
  function failure(question: string): ScoringError {
    try {
      scoreWriteFromDictation({ question, responseUser: 'x' });
    } catch (error) {
      return error as ScoringError;
    }
    throw new Error('expected a ScoringError');
  }

  it('refuses an audio URL as the question: the sentence must come as text', () => {
    for (const url of [
      'https://x.example/a.mp3',
      'http://x/a',
      'data:audio/wav;base64,AA',
      'file:///a.wav',
      ' HTTPS://X',
    ]) {
      expect(failure(url)).toMatchObject({ code: 'NOT_AVAILABLE', field: 'question' });
    }
  });

  it('refuses a question with no words or over 2000 characters', () => {
    expect(failure('... !')).toMatchObject({ code: 'INVALID_PARAMETER', field: 'question' });
    expect(failure('word '.repeat(401))).toMatchObject({
      code: 'INVALID_PARAMETER',
      message: 'question must be at most 2000 characters',
    });
    expect(failure('\uFDFA'.repeat(200))).toMatchObject({
      code: 'INVALID_PARAMETER',
      message: 'question must be at most 2000 characters after Unicode normalisation',
    });
  });
});
