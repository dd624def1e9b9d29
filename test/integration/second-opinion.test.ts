import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudioCaution } from '../../src/engine/audio/cautions.js';
import { decodeAudio } from '../../src/engine/audio/decode.js';
import {
  closeSpeechEngine,
  loadSpeechEngine,
  scoreAnswer,
  type OwnedReader,
  type SpeakingResult,
  type SpeechEngine,
} from '../../src/engine/tasks/index.js';
import { analyseSpeech } from '../../src/engine/evidence/analysis.js';
import { tokenize } from '../../src/engine/text/words.js';
import {
  missingToolsReason,
  READING_SENTENCE,
  restartedReading,
  spokenReading,
} from '../helpers/speech-fixtures.js';

const SENTENCE = 'She bought some fresh bread at the market this morning';
/** The reading's refText with "bread" replaced by a word the reader did not say. */
const REPLACED = 'She bought some fresh quickly at the market this morning';

/** A neural reader that supports every word: the acoustic models' decision alone is tested. */
const supportsEveryWord: OwnedReader = {
  read: async (_, words) => ({ supports: words.map(() => 0), wordsBeforeEnd: words.length }),
  close: async () => undefined,
};

/**
 * The engine asks the 16 kHz model about the words the 8 kHz model is not sure were said
 * (evidence/second-opinion.ts): the real models and the shipped decision, on an espeak-ng
 * reading, Moonshine's veto (evidence/neural-reading.ts) left out.
 */
describe.skipIf(missingToolsReason())('a second acoustic model on the words said', () => {
  let engine: SpeechEngine;

  beforeAll(async () => {
    engine = await loadSpeechEngine('en-us-8k', undefined, undefined, supportsEveryWord);
  });

  afterAll(() => engine && closeSpeechEngine(engine));

  async function score(
    scorer: SpeechEngine,
    refText: string,
    cautions: AudioCaution[] = [],
  ): Promise<SpeakingResult> {
    const audio = await decodeAudio(await spokenReading(SENTENCE));
    const request = { audioUrl: 'file:', refText, scale: 5, precision: 0.1 };
    return scoreAnswer(scorer, 'rs', request, { ...audio, cautions });
  }

  const content = (result: SpeakingResult): number | undefined =>
    result.components.find((entry) => entry.name === 'score_content')?.score;
  const labelOf = (result: SpeakingResult, word: string): string | undefined =>
    result.words.find((entry) => entry.word === word)?.label;

  it('is loaded with the 8 kHz model', () => {
    expect(engine.secondOpinion?.model.name).toBe('en-us-16k');
  });

  it('shows a word put into refText Missing that the 8 kHz model alone keeps', async () => {
    const alone = await score({ ...engine, secondOpinion: null }, REPLACED);
    expect(labelOf(alone, 'quickly')).not.toBe('Missing');
    expect(content(alone)).toBe(3);
    const asked = await score(engine, REPLACED);
    expect(labelOf(asked, 'quickly')).toBe('Missing');
    expect(content(asked)).toBe(2);
  });

  it('keeps every word of the clean reading', async () => {
    const result = await score(engine, SENTENCE);
    expect(result.words.filter((word) => word.label === 'Missing')).toEqual([]);
    expect(content(result)).toBe(3);
  });

  it('is not asked about a noisy answer', async () => {
    const noisy = await score(engine, REPLACED, ['noisy']);
    expect(labelOf(noisy, 'quickly')).not.toBe('Missing');
  });

  it("reads a restart after the 8 kHz model's false start with the 16 kHz model", async () => {
    const { restart } = await restartedReading();
    const { samples } = await decodeAudio(restart);
    const reference = tokenize(READING_SENTENCE);
    const first = analyseSpeech(engine.model, samples, reference);
    expect(first.falseStart.map((segment) => segment.text)).toEqual(['the', 'students']);
    const second = analyseSpeech(engine.secondOpinion!.model, samples, reference, {
      falseStart: first.falseStart,
    });
    expect(second.falseStart).toEqual(first.falseStart);
    const restartFrame = first.falseStart.at(-1)!.endFrame + 80;
    expect(second.heard.map((word) => word.slot)).toEqual(reference.map((_, slot) => slot));
    expect(second.heard.every((word) => word.startFrame >= restartFrame - 10)).toBe(true);
  });
});
