/**
 * Issue 19, item 5, as a client meets it over HTTP: the same answer sent as WAV, as Opus and
 * through a telephone's band gets the same verdict, the same content and the same words shown
 * as said, and an `overall` within 0.5. Audio is made here with espeak-ng, sox and opusenc.
 */
import { describe, expect, it } from 'vitest';
import type { Component, Word } from '../../src/shared/contract/envelope.js';
import {
  hasOpusenc,
  missingToolsReason,
  opusEncoded,
  READING_SENTENCE,
  sox,
  spokenReading,
} from '../helpers/speech-fixtures.js';
import { postRepeatSentence, useSpeechServer } from './server-harness.js';

interface Scored {
  components: Component[];
  words: Word[];
}

const CODECS: Record<string, (wav: Uint8Array) => Promise<Uint8Array>> = {
  'Opus at 32 kb/s': (wav) => opusEncoded(wav, 32),
  'the 8 kHz telephone band': (wav) =>
    sox([wav], { type: 'wav', rate: 8000 }, ['sinc', '300-3400']),
};

const ANSWERS = [
  { answer: 'a correct reading', refText: READING_SENTENCE, content: 3 },
  {
    answer: 'a reading whose refText has a word it does not say',
    refText: 'The teachers finished their project before the deadline',
    content: 2,
  },
];

function missingReason(): string | undefined {
  return (
    missingToolsReason() ?? (hasOpusenc() ? undefined : 'codec tests need opusenc (opus-tools)')
  );
}

describe.skipIf(missingReason())('The same answer through a codec, over HTTP', () => {
  const speech = useSpeechServer('codec-http-');

  async function score(audio: Uint8Array, refText: string): Promise<Scored> {
    const answer = await postRepeatSentence(
      speech.server(),
      await speech.answerUrl(audio),
      refText,
    );
    expect(answer.status).toBe(200);
    return (answer.body as { data: Scored }).data;
  }

  const component = (result: Scored, name: string): Component =>
    result.components.find((entry) => entry.name === name)!;
  const shownSaid = (result: Scored): string[] =>
    result.words
      .filter((word) => !['Pause', 'Missing', 'Inserted'].includes(word.label))
      .map((word) => word.word);

  describe.each(ANSWERS)('$answer', ({ refText, content }) => {
    it.each(Object.keys(CODECS))('scores it as %s as it scores the WAV', async (codec) => {
      const wav = await spokenReading();
      const original = await score(wav, refText);
      const coded = await score(await CODECS[codec]!(wav), refText);
      expect(component(original, 'score_content')).toMatchObject({ score: content, status: 0 });
      // The words heard are compared next; the suggestion also counts the words the engine is
      // unsure of, which a codec may tip either way as it does their marks.
      const { name, maxScore, status } = component(original, 'score_content');
      expect(component(coded, 'score_content')).toMatchObject({
        name,
        maxScore,
        status,
        score: content,
      });
      expect(shownSaid(coded)).toEqual(shownSaid(original));
      const overall = (result: Scored): number => component(result, 'overall').score;
      expect(Math.abs(overall(coded) - overall(original))).toBeLessThanOrEqual(0.5);
    });
  });
});
