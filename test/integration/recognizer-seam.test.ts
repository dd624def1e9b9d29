import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeAudio } from '../../src/engine/audio/decode.js';
import { loadAcousticModel } from '../../src/engine/recognizer/load.js';
import { MODEL_NAMES } from '../../src/engine/recognizer/models.js';
import { openDecoder } from '../../src/engine/recognizer/soundswallower/adapter.js';
import {
  readSegments,
  SOUNDSWALLOWER_VERSION,
} from '../../src/engine/recognizer/soundswallower/segments.js';
import { missingToolsReason, READING_VOICE, synthesizeSpeech } from '../helpers/speech-fixtures.js';

const SENTENCE = 'the weather is nice today';
const GRAMMAR = `#JSGF V1.0;\ngrammar answer;\npublic <answer> = [the] [weather] [is] [nice] [today];\n`;
const FRAMES_PER_SECOND = 100;

function dependencyVersion(): string {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
    dependencies: Record<string, string>;
  };
  return manifest.dependencies.soundswallower ?? '';
}

function installedVersion(): string {
  const url = new URL('../../node_modules/soundswallower/package.json', import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
}

describe('the soundswallower adapter', () => {
  it('is pinned to the exact release whose struct layout it reads', () => {
    expect(dependencyVersion()).toBe(SOUNDSWALLOWER_VERSION);
    expect(installedVersion()).toBe(SOUNDSWALLOWER_VERSION);
  });

  describe.skipIf(missingToolsReason())('on speech', () => {
    it.each(MODEL_NAMES)(
      '%s: the segments read from the C structs match what the JavaScript API reports',
      async (name) => {
        const { samples } = await decodeAudio(await synthesizeSpeech(SENTENCE, READING_VOICE));
        const { module, decoder } = await openDecoder(name);
        decoder.set_align_text(SENTENCE);
        decoder.start();
        decoder.process_audio(samples, false, true);
        decoder.stop();
        const fromStructs = readSegments(module, decoder).filter((s) => !s.text.startsWith('<'));
        const fromApi = (decoder.get_alignment().w ?? []).filter((w) => !w.t.startsWith('<'));
        decoder.delete();

        expect(fromStructs.map((segment) => segment.text)).toEqual(SENTENCE.split(' '));
        expect(fromStructs.map((segment) => segment.text)).toEqual(fromApi.map((word) => word.t));
        fromStructs.forEach((segment, index) => {
          const word = fromApi[index]!;
          expect(segment.startFrame).toBe(Math.round(word.b * FRAMES_PER_SECOND));
          expect(segment.endFrame).toBe(Math.round((word.b + word.d) * FRAMES_PER_SECOND) - 1);
          // Relative to the best senone of each frame: never above 0, and not 0 over a word.
          expect(segment.acousticScore).toBeLessThan(0);
          expect(segment.acousticScore).toBeGreaterThan(-100_000);
        });
      },
    );

    it.each(MODEL_NAMES)('%s: recognises the sentence through the seam', async (name) => {
      const { samples } = await decodeAudio(await synthesizeSpeech(SENTENCE, READING_VOICE));
      const model = await loadAcousticModel(name);
      const words = model
        .decodeGrammar(samples, GRAMMAR)
        .map((segment) => segment.text)
        .filter((text) => !text.startsWith('<'));
      model.close();
      expect(words).toEqual(SENTENCE.split(' '));
    });
  });
});
