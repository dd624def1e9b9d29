import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_PATHS } from '../../src/shared/contract/endpoints.js';
import { parseEnvelope } from '../../src/shared/contract/parse-response.js';
import { post, startServer, type RunningServer } from './server-harness.js';

/** Issue 14's table and rules, over real HTTP: the envelope's Words score and notes. */
const ROWS: Array<{
  row: string;
  question: string;
  answer: string;
  score: number;
  maxScore: number;
  notes: string;
}> = [
  {
    row: 'its ≠ it’s',
    question: 'Its colour is bright and its shape is round.',
    answer: "It's color is bright and its shape is round",
    score: 8,
    maxScore: 9,
    notes: 'Apostrophe added: "It\'s" for the first "Its"',
  },
  {
    row: 'we’ll ≠ well',
    question: "We'll meet at the station at noon.",
    answer: 'well meet at the station at noon',
    score: 6,
    maxScore: 7,
    notes: 'Apostrophe missing: "well" for "We\'ll"',
  },
  {
    row: 'closed compounds written as two words',
    question: 'Everyone enjoyed the workshop.',
    answer: 'every one enjoyed the work shop',
    score: 2,
    maxScore: 4,
    notes: 'Written apart: "every one" for "Everyone", "work shop" for "workshop"',
  },
  {
    row: 'an expanded contraction',
    question: "It's a long way to the library.",
    answer: 'it is a long way to the library',
    score: 6,
    maxScore: 7,
    notes: 'Contraction written out: "it is" for "It\'s"',
  },
  {
    row: 'cheque/check',
    question: 'Please pay the fee by cheque.',
    answer: 'please pay the fee by check',
    score: 6,
    maxScore: 6,
    notes: 'All 6 words correct. Accepted as a spelling variant: "check" for "cheque"',
  },
  {
    row: 'tyre/tire and travelling/traveling',
    question: 'A flat tyre delayed the travelling team.',
    answer: 'a flat tire delayed the traveling team',
    score: 7,
    maxScore: 7,
    notes: 'All 7 words correct. Accepted as a spelling variant: "tire" for "tyre"',
  },
  {
    row: 'a missed repeated word, by position',
    question: 'The cat and the dog played.',
    answer: 'the cat and dog played',
    score: 5,
    maxScore: 6,
    notes: 'Missed: the second "the"',
  },
];

describe('Write From Dictation over HTTP', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it.each(ROWS)('marks $row as the exam does', async (row) => {
    const answer = await post(server, ENDPOINT_PATHS.wfd, {
      question: row.question,
      responseUser: row.answer,
    });
    expect(answer.status).toBe(200);
    const [words, overall] = parseEnvelope(answer.body).data.components;
    expect(words).toMatchObject({
      name: 'Words',
      score: row.score,
      maxScore: row.maxScore,
      privateNotes: row.notes,
    });
    expect(overall).toMatchObject({ name: 'overall', score: row.score });
  });

  it('labels the missed occurrence Missing and a misspelled word Bad', async () => {
    const answer = await post(server, ENDPOINT_PATHS.wfd, {
      question: 'The cat and the dog played.',
      responseUser: 'the cat and dog plaied',
    });
    const { words } = parseEnvelope(answer.body).data;
    expect(words.map((word) => `${word.word}:${word.label}`)).toEqual([
      'The:Good',
      'cat:Good',
      'and:Good',
      'the:Missing',
      'dog:Good',
      'played:Bad',
    ]);
  });

  it('refuses text that Unicode normalisation expands past the limit, in under a second', async () => {
    // Issue 13, finding 3: 2,000 characters that NFKC turns into 36,000.
    const started = performance.now();
    const answer = await post(server, ENDPOINT_PATHS.wfd, {
      question: '\uFDFA'.repeat(2000),
      responseUser: '\uFDFB'.repeat(2000),
    });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(answer.status).toBe(400);
    expect(parseEnvelope(answer.body).data.error).toEqual({
      code: 'INVALID_PARAMETER',
      message: 'question must be at most 2000 characters after Unicode normalisation',
      field: 'question',
    });
    const longAnswer = await post(server, ENDPOINT_PATHS.wfd, {
      question: 'peace be upon him',
      responseUser: '\uFDFB'.repeat(2000),
    });
    expect(parseEnvelope(longAnswer.body).data.error).toMatchObject({ field: 'responseUser' });
  });

  it('answers the costliest answers within the limits in under a second', async () => {
    // Hundreds of distinct short words on both sides: every one a near-miss candidate.
    const words = (count: number, offset: number) =>
      Array.from({ length: count }, (_, index) => (index + offset).toString(36).padStart(2, 'q'))
        .join(' ')
        .replace(/\d/gu, (digit) => 'abcdefghij'[Number(digit)]!);
    // The word list is read on the first near miss: read it before timing.
    await post(server, ENDPOINT_PATHS.wfd, { question: 'four', responseUser: 'for' });
    const started = performance.now();
    const answer = await post(server, ENDPOINT_PATHS.wfd, {
      question: words(660, 0).slice(0, 2000),
      responseUser: words(660, 700).slice(0, 2000),
    });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(answer.status).toBe(200);
  });
});
