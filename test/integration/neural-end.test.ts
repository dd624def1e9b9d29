import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio } from '../../src/engine/audio/decode.js';
import { loadReferenceReader, type OwnedReader } from '../../src/engine/tasks/index.js';
import {
  concatenate,
  missingToolsReason,
  READING_SENTENCE,
  silentWav,
  spokenReading,
} from '../helpers/speech-fixtures.js';

const WORDS = READING_SENTENCE.split(' ');

/**
 * Moonshine, reading the reference over real audio, hears where the answer ends
 * (evidence/neural-reading.ts, wordsBeforeEnd): after the last word of a reading cut short, even
 * one a sentence seldom ends on, and not where a reader only paused or began late.
 */
describe.skipIf(missingToolsReason())("Moonshine's reading of where an answer ends", () => {
  let reader: OwnedReader;

  beforeAll(async () => {
    reader = await loadReferenceReader();
  });
  afterAll(async () => {
    await reader.close();
  });

  const roomNoise = () => silentWav(1, { noiseDbfs: -65 });
  const firstFour = () => spokenReading(WORDS.slice(0, 4).join(' '));
  const lastFour = () => spokenReading(WORDS.slice(4).join(' '));

  async function wordsBeforeEnd(audio: Uint8Array): Promise<number> {
    const { samples } = await decodeAudio(audio);
    return (await reader.read(samples, WORDS)).wordsBeforeEnd;
  }

  it('hears the whole sentence in a whole reading', async () => {
    expect(await wordsBeforeEnd(await spokenReading())).toBe(WORDS.length);
  });

  it('hears a reading stopped after four words end there', async () => {
    expect(await wordsBeforeEnd(await concatenate([await firstFour(), roomNoise()]))).toBe(4);
  });

  it('hears a reading that left out the last word end on the word before it', async () => {
    // The decoder would end after "before" too, a little less surely than after "the".
    const leftOut = await spokenReading(WORDS.slice(0, -1).join(' '));
    expect(await wordsBeforeEnd(leftOut)).toBe(WORDS.length - 1);
  });

  it('hears a reader who paused after four words go on', async () => {
    const paused = await concatenate([await firstFour(), roomNoise(), await lastFour()]);
    expect(await wordsBeforeEnd(paused)).toBe(WORDS.length);
  });

  it('hears a reader who began at the fifth word go on to the end', async () => {
    const lateStart = await concatenate([roomNoise(), await lastFour()]);
    expect(await wordsBeforeEnd(lateStart)).toBe(WORDS.length);
  });
});
