import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Word } from '../../src/shared/contract/envelope.js';
import { ScoringError } from '../../src/shared/contract/errors.js';
import { createSpeakingScorer } from '../../src/engine/tasks/index.js';
import { AVERAGE_SHARE, GOOD_SHARE } from '../../src/engine/scoring/labels.js';
import type { SpeakingResult, SpeakingScorer } from '../../src/engine/tasks/index.js';
import {
  clippedWav,
  edit,
  missingToolsReason,
  READING_SENTENCE,
  READING_VOICE,
  silentWav,
  spokenReading,
  synthesizeSpeech,
} from '../helpers/speech-fixtures.js';

const COMPONENTS = ['score_content', 'score_pronunciation', 'score_fluency', 'overall'];

describe.skipIf(missingToolsReason())('speech engine on synthesized speech', () => {
  let scorer: SpeakingScorer;
  let folder: string;
  let saved = 0;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'engine-speech-'));
    scorer = await createSpeakingScorer({
      audioRoots: [folder],
      blockPrivateNetworks: true,
      maxBytes: 20 * 2 ** 20,
      maxDurationSeconds: 120,
      fetchTimeoutMs: 10_000,
    });
  });

  afterAll(async () => {
    await scorer?.close();
    await rm(folder, { recursive: true, force: true });
  });

  async function urlOf(bytes: Uint8Array): Promise<string> {
    saved += 1;
    const path = join(folder, `answer-${saved}.wav`);
    await writeFile(path, bytes);
    return pathToFileURL(path).href;
  }

  async function repeat(
    spoken: string,
    transform?: (wav: Uint8Array) => Promise<Uint8Array>,
  ): Promise<SpeakingResult> {
    const speech = await spokenReading(spoken);
    const audioUrl = await urlOf(transform ? await transform(speech) : speech);
    return scorer.score('rs', { audioUrl, refText: READING_SENTENCE, scale: 5, precision: 0.1 });
  }

  const find = (result: SpeakingResult, word: string): Word | undefined =>
    result.words.find((entry) => entry.word.toLowerCase() === word);
  const score = (result: SpeakingResult, name: string): number =>
    result.components.find((component) => component.name === name)?.score ?? NaN;

  let correct: SpeakingResult;

  it('gives a sentence spoken right full content, every word timed inside the audio', async () => {
    correct = await repeat(READING_SENTENCE);
    expect(correct.components.map((component) => component.name)).toEqual(COMPONENTS);
    expect(score(correct, 'score_content')).toBe(3);
    const words = correct.words.filter((word) => word.label !== 'Pause');
    expect(words.map((word) => word.word)).toEqual(READING_SENTENCE.split(' '));
    const lengthMs = 1000 + 4000;
    for (const word of words) {
      expect(word.start).toBeGreaterThan(0);
      expect(word.end).toBeGreaterThan(word.start);
      expect(word.end).toBeLessThan(lengthMs);
      expect(word.phonemes?.length).toBeGreaterThan(0);
      expect(word.phonics?.map((phonic) => phonic.spell).join('')).toBe(word.word);
    }
    expect(correct.transcription).toBe(READING_SENTENCE);
  });

  it('scores a reading the same whatever quiet an exam-mode answer holds around it', async () => {
    // Exam mode records from the beep until the candidate has been quiet a while.
    const padded = await repeat(READING_SENTENCE, (wav) => edit(wav, ['pad', '1.5', '2.5']));
    const spoken = (result: SpeakingResult) =>
      result.words.filter((word) => word.label !== 'Pause');
    const [heard, expected] = [spoken(padded), spoken(correct)];
    expect(heard.map((word) => word.word)).toEqual(expected.map((word) => word.word));
    // A label follows its word's score, so a word on a label's bar may change label while its
    // score moves by a hundredth; the score itself must hold, and every other label.
    const onBar = (word: Word): boolean =>
      [AVERAGE_SHARE, GOOD_SHARE].some((share) => Math.abs(word.pronunciation - share * 5) <= 0.1);
    heard.forEach((word, index) => {
      const clean = expected[index]!;
      expect(Math.abs(word.pronunciation - clean.pronunciation)).toBeLessThanOrEqual(0.1 + 1e-9);
      if (!onBar(word) && !onBar(clean)) expect(word.label).toBe(clean.label);
    });
    for (const name of COMPONENTS)
      expect(Math.abs(score(padded, name) - score(correct, name))).toBeLessThanOrEqual(0.1);
    heard.forEach((word, index) =>
      expect(Math.abs(word.start - 1500 - expected[index]!.start)).toBeLessThanOrEqual(30),
    );
  });

  it('marks a word left out as Missing, in its reference place', async () => {
    const result = await repeat('The students finished their before the deadline');
    const project = find(result, 'project');
    expect(project).toMatchObject({
      label: 'Missing',
      pronunciation: 0,
      start: 0,
      end: 0,
      phonemes: null,
    });
    expect(result.words.map((word) => word.word).indexOf('project')).toBe(4);
    expect(score(result, 'score_content')).toBe(2);
  });

  it('scores a replaced word lower than the same word spoken right', async () => {
    const result = await repeat('The students finished their carpet before the deadline');
    const replaced = find(result, 'project');
    const original = find(correct, 'project');
    expect(replaced?.pronunciation ?? 0).toBeLessThan(original?.pronunciation ?? 0);
  });

  it('refuses silence with NO_SPEECH', async () => {
    const audioUrl = await urlOf(silentWav(2));
    const failure = await scorer
      .score('rs', { audioUrl, refText: READING_SENTENCE, scale: 5, precision: 0.1 })
      .catch((e) => e);
    expect(failure).toBeInstanceOf(ScoringError);
    expect((failure as ScoringError).code).toBe('NO_SPEECH');
  });

  it('scores clipped audio with a caution', async () => {
    const result = await repeat(READING_SENTENCE, (wav) => clippedWav(wav));
    const pronunciation = result.components.find(
      (component) => component.name === 'score_pronunciation',
    );
    expect(pronunciation?.status).toBe(1);
    expect(pronunciation?.suggestion).toMatch(/clipped/u);
  });

  it('scores free speech by keyword coverage', async () => {
    const speech = await synthesizeSpeech(
      'The chart shows that sales of electric cars grew quickly in Europe',
      READING_VOICE,
    );
    const result = await scorer.score('di', {
      audioUrl: await urlOf(speech),
      refText: 'The chart shows electric car sales rising in Europe and China.',
      keywords: ['electric', 'cars', 'Europe', 'China'],
      scale: 5,
      precision: 0.5,
    });
    expect(result.components.map((component) => component.name)).toEqual(COMPONENTS);
    // A paraphrase: its words do not all fit the sentence in order (free-speech.ts, the
    // grammar of freely skipped words after the costly one).
    expect(result.keyPoints?.map(({ text, heard }) => [text, heard])).toEqual([
      ['electric', true],
      ['cars', true],
      ['Europe', true],
      ['China', false],
    ]);
    expect(score(result, 'score_content')).toBeGreaterThanOrEqual(4);
    expect(score(result, 'score_content')).toBeLessThan(5);
    expect(result.words.length).toBeGreaterThan(3);
  });
});
