import { describe, expect, it } from 'vitest';
import type { Component, Word } from '../../src/shared/contract/envelope.js';
import {
  concatenate,
  edit,
  missingToolsReason,
  silentWav,
  synthesizeSpeech,
} from '../helpers/speech-fixtures.js';
import { post, useSpeechServer } from './server-harness.js';

/** The voice docs/engine.md names as the one the recogniser handles. */
const VOICE = { voice: 'en-us+f2', speed: 0.85 };

const LECTURE = [
  'Glaciers in the mountains are melting faster every year.',
  'Scientists measure the ice with satellites and cameras.',
  'The melting water raises the level of the oceans.',
  'Many coastal cities will face floods in the future.',
  'Farmers in the valleys depend on the glaciers for water.',
  'Governments must cut carbon emissions to protect them.',
];

const IMAGE = [
  'The bar chart shows visitors to a city museum over ten years.',
  'Visitor numbers rose steadily and peaked in the ninth year.',
  'In the last year the museum closed for several months.',
  'Overall the museum became more popular until it closed.',
];
const IMAGE_KEYWORDS = ['visitors', 'museum', 'rose', 'peaked', 'closed', 'months', 'popular'];

const OFF_TOPIC = [
  'My favourite food is pasta with tomato sauce.',
  'I cook dinner for my family on Sundays.',
  'We often eat in the garden when the weather is nice.',
];

interface Scored {
  components: Component[];
  words: Word[];
}

/**
 * Retell Lecture and Describe Image through the real server and engine with the shipped
 * calibration, on answers espeak-ng speaks sentence by sentence with a pause between.
 */
describe.skipIf(missingToolsReason())('Retell Lecture and Describe Image over HTTP', () => {
  const speech = useSpeechServer('free-speech-http-');

  /** The sentences said one after another, 0.7 s apart. */
  async function answer(sentences: readonly string[]): Promise<Uint8Array> {
    const spoken = await Promise.all(
      sentences.map(async (sentence) =>
        edit(await synthesizeSpeech(sentence, VOICE), ['pad', '0', '0.7']),
      ),
    );
    return concatenate([silentWav(0.3), ...spoken]);
  }

  async function score(
    task: 'rl' | 'di',
    audio: Uint8Array,
    request: { refText: string; keywords?: string[] },
  ): Promise<Scored> {
    const reply = await post(speech.server(), `/exam/speaking/${task}`, {
      audioUrl: await speech.answerUrl(audio),
      ...request,
      scale: 5,
      precision: 0.01,
    });
    expect(reply.status).toBe(200);
    const body = reply.body as { data: { components: Component[]; words: Word[] } };
    return body.data;
  }

  const scoreOf = (result: Scored, name: string): number =>
    result.components.find((component) => component.name === name)?.score ?? Number.NaN;

  it.each([
    ['rl', LECTURE, { refText: LECTURE.join(' ') }],
    ['di', IMAGE, { refText: IMAGE.join(' '), keywords: IMAGE_KEYWORDS }],
  ] as const)(
    '%s: all key points outscore half, which outscore an off-topic answer',
    async (task, text, request) => {
      const all = await score(task, await answer(text), request);
      const half = await score(
        task,
        await answer(text.filter((_, index) => index % 2 === 0)),
        request,
      );
      const offTopic = await score(task, await answer(OFF_TOPIC), request);
      const content = [all, half, offTopic].map((result) => scoreOf(result, 'score_content'));
      expect(content[0]).toBeGreaterThan(content[1]!);
      expect(content[1]).toBeGreaterThan(content[2]!);
      expect(content[2]).toBeLessThanOrEqual(1);
      const suggestion = all.components[0]?.suggestion ?? '';
      expect(suggestion).toMatch(/Covered: .+\./u);
      expect(offTopic.components[0]?.suggestion).toMatch(/off-topic|misses most/u);
    },
  );

  it('scores a 30 s answer within 0.5 of its sentences scored alone', async () => {
    const whole = await score('rl', await answer(LECTURE), { refText: LECTURE.join(' ') });
    const alone = [];
    for (const sentence of LECTURE) {
      alone.push(await score('rl', await answer([sentence]), { refText: LECTURE.join(' ') }));
    }
    for (const name of ['score_pronunciation', 'score_fluency']) {
      const parts = alone.map((result) => scoreOf(result, name));
      const mean = parts.reduce((sum, value) => sum + value, 0) / parts.length;
      expect(Math.abs(scoreOf(whole, name) - mean)).toBeLessThanOrEqual(0.5);
    }
  });

  it('never shows a hesitation as a Good word, and keeps pauses without a duration', async () => {
    const result = await score(
      'rl',
      await answer([
        'Glaciers are, um, melting faster every year.',
        'Uh, the oceans are, er, rising.',
      ]),
      { refText: LECTURE.join(' ') },
    );
    const hesitations = result.words.filter((word) => ['um', 'uh', 'er'].includes(word.word));
    expect(hesitations.every((word) => word.label === 'Inserted')).toBe(true);
    expect(result.words.some((word) => word.label === 'Good' || word.label === 'Average')).toBe(
      true,
    );
    for (const word of result.words.filter((entry) => entry.label === 'Pause')) {
      expect(word).toEqual({
        word: '',
        label: 'Pause',
        start: 0,
        end: 0,
        pronunciation: 0,
        phonemes: null,
        phonics: null,
      });
    }
  });

  it('scores a prompt of keywords only, and marks content unscorable when there is nothing to listen for', async () => {
    const audio = await answer(IMAGE.slice(0, 2));
    const keywordsOnly = await score('di', audio, { refText: '…', keywords: IMAGE_KEYWORDS });
    expect(keywordsOnly.components[0]).toMatchObject({ status: 0 });
    const nothing = await score('rl', audio, { refText: '…' });
    expect(nothing.components[0]).toMatchObject({ score: 0, status: 2 });
  });

  it('gives one word said over and over no content and, as in the exam, no delivery marks', async () => {
    const result = await score(
      'rl',
      await answer(['Glaciers glaciers glaciers glaciers glaciers glaciers.']),
      {
        refText: LECTURE.join(' '),
      },
    );
    expect(result.components[0]).toMatchObject({ score: 0, status: 0 });
    expect(result.components[0]?.suggestion).toMatch(/repeats the same word/u);
    for (const name of ['score_pronunciation', 'score_fluency', 'overall']) {
      expect(result.components.find((component) => component.name === name)).toMatchObject({
        score: 0,
        status: 2,
      });
    }
  });
});
