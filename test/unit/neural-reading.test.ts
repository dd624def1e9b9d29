import { describe, expect, it } from 'vitest';
import { NEURAL_WORD_BAR } from '../../src/engine/evidence/neural-bar.js';
import {
  NEURAL_CLEAR_BAR,
  NEURAL_END_BAR,
  NEURAL_HEARD_BAR,
  NEURAL_START_BAR,
} from '../../src/engine/evidence/end-bar.js';
import {
  endStrength,
  endStrengths,
  isReadable,
  NEURAL_READING_MAX_WORDS,
  neuralReading,
  readingFrame,
  withNeuralReading,
  supportsLeavingOutUnsaid,
  wordsBeforeEnd,
  wordSupports,
  type ReferenceReader,
  type WordingReader,
} from '../../src/engine/evidence/neural-reading.js';
import type { AnswerReading, ReadWord } from '../../src/engine/recognizer/moonshine.js';
import { decideSaid, saidModelFor } from '../../src/engine/evidence/word-acceptance.js';
import { tokenize } from '../../src/engine/text/words.js';
import { QUIET_MARGIN_FRAMES } from '../../src/engine/evidence/levels.js';
import { SAMPLES_PER_FRAME } from '../../src/engine/recognizer/acoustic-model.js';
import { tonedAudio } from '../helpers/toned-audio.js';
import { analysisOf, wordWithGops } from '../helpers/heard-words.js';

/** "the 25 students finished", every word said surely on the acoustic evidence. */
function saidAll() {
  const text = 'the 25 students finished';
  const aligned = tokenize(text).map((_, slot) => ({
    ...wordWithGops(slot, [4, 6]),
    decoded: true,
  }));
  const evidence = analysisOf(text, aligned);
  return { ...evidence, ...decideSaid(evidence, saidModelFor('en-us-8k')) };
}

const under = NEURAL_WORD_BAR - 1;
const over = NEURAL_WORD_BAR + 1;

/** Moonshine's reading of the four words with these supports, the answer going on to the end. */
function reading(supports: number[]) {
  return { supports, wordsBeforeEnd: supports.length };
}

describe("Moonshine's reading of the reference as the last word on what was said", () => {
  it('calls a word said on the acoustic evidence but under the bar Missing, unsurely', () => {
    const analysis = saidAll();
    expect(analysis.heard.map((word) => word.slot)).toEqual([0, 1, 2, 3]);
    expect(analysis.unsureSlots).toEqual([]);
    const vetted = withNeuralReading(analysis, reading([over, over, over, under]));
    expect(vetted.heard.map((word) => word.slot)).toEqual([0, 1, 2]);
    expect(vetted.unsureSlots).toEqual([3]);
  });

  it('weighs what the audio says against what the words before lead the decoder to expect', () => {
    // Equally unlikely over the answer: a name the decoder never expects is supported, a
    // common word it expected but did not hear is not.
    const heard = [NEURAL_WORD_BAR - 4, NEURAL_WORD_BAR - 4];
    const expected = [-20, -1];
    const [name, contradicted] = wordSupports(heard, expected);
    expect(name).toBeGreaterThan(NEURAL_WORD_BAR);
    expect(contradicted).toBeLessThan(NEURAL_WORD_BAR);
    const vetted = withNeuralReading(saidAll(), reading([over, over, name!, contradicted!]));
    expect(vetted.heard.map((word) => word.slot)).toEqual([0, 1, 2]);
  });

  it('reads the words after one left out again without it, and keeps what it had for that one', async () => {
    // "project" was left out: "before" is supported only when it follows "their".
    const wordings: string[][] = [];
    const read: WordingReader = async (words) => {
      wordings.push([...words]);
      return words.map((word, slot) => {
        if (word === 'project') return under - 5;
        if (word === 'before' && words[slot - 1] === 'project') return under;
        return over;
      });
    };
    const words = ['their', 'project', 'before', 'the', '25th'];
    expect(await supportsLeavingOutUnsaid(read, words)).toEqual([
      over,
      under - 5,
      over,
      over,
      over,
    ]);
    expect(wordings).toEqual([words, ['their', 'before', 'the', '25th']]);
  });

  it('leaves a number alone: the reference need not write it as Moonshine learnt to', () => {
    const vetted = withNeuralReading(saidAll(), reading([over, under, over, over]));
    expect(vetted.heard.map((word) => word.slot)).toEqual([0, 1, 2, 3]);
  });

  it('leaves the words of an answer it did not read to the acoustic models', () => {
    expect(withNeuralReading(saidAll(), null)).toEqual(saidAll());
  });

  it('reads answers up to 30 s, and asks the reader with the reference as written', async () => {
    const asked: string[][] = [];
    const reader: ReferenceReader = async (_, words) => {
      asked.push([...words]);
      return reading(words.map(() => 0));
    };
    const reference = tokenize('The 25 students, finished.');
    expect(await neuralReading(reader, new Float32Array(16000 * 30), reference)).toEqual(
      reading([0, 0, 0, 0]),
    );
    expect(asked).toEqual([['The', '25', 'students', 'finished']]);
    expect(await neuralReading(reader, new Float32Array(16000 * 30 + 1), reference)).toBeNull();
    expect(asked).toHaveLength(1);
    expect([isReadable(30, 30), isReadable(30.01, 30), isReadable(30, 31)]).toEqual([
      true,
      false,
      false,
    ]);
    // A reference over NEURAL_READING_MAX_WORDS is not read: it would hold the reader too long.
    const long = tokenize(
      Array.from({ length: NEURAL_READING_MAX_WORDS + 1 }, () => 'word').join(' '),
    );
    expect(await neuralReading(reader, new Float32Array(16000), long)).toBeNull();
    expect(asked).toHaveLength(1);
  });

  it('reads the voice, not the quiet around it, and a reading after its false start', async () => {
    const read: number[] = [];
    const reader: ReferenceReader = async (samples, words) => {
      read.push(samples.length / SAMPLES_PER_FRAME);
      return reading(words.map(() => 0));
    };
    const quiet = (frames: number) => ({ frames, tone: 0, noise: 0.001 });
    const voice = (frames: number) => ({ frames, tone: 0.3, noise: 0.001 });
    const reference = tokenize('one two');
    await neuralReading(reader, tonedAudio(quiet(100), voice(120), quiet(300)), reference);
    // Exam mode records from the beep until the candidate has been quiet a while.
    await neuralReading(reader, tonedAudio(quiet(250), voice(120), quiet(500)), reference);
    const restart = tonedAudio(quiet(100), voice(40), quiet(100), voice(120), quiet(100));
    const falseStart = [{ text: 'one', startFrame: 100, endFrame: 139, acousticScore: 0 }];
    expect(readingFrame({ falseStart })).toBe(140);
    expect(readingFrame({ falseStart: [] })).toBe(0);
    await neuralReading(reader, restart, reference, readingFrame({ falseStart }));
    const margins = 2 * QUIET_MARGIN_FRAMES;
    expect(read).toEqual([120 + margins, 120 + margins, 120 + margins]);
  });

  it('calls the words after the answer ends Missing, those the alignment placed unsurely', () => {
    // "the 25" said, then the learner stopped: the alignment squeezed "students" on.
    const analysis = saidAll();
    const vetted = withNeuralReading(analysis, {
      supports: [over, over, over, over],
      wordsBeforeEnd: 2,
    });
    expect(vetted.heard.map((word) => word.slot)).toEqual([0, 1]);
    expect(vetted.unsureSlots).toEqual([2, 3]);
  });
});

/** An answer Moonshine reads as ending after `endsAfter` words (its reading over real audio is tested in test/integration). */
function answerEnding(
  endsAfter: number,
  strength: number,
): { answer: AnswerReading; asked: string[][] } {
  const asked: string[][] = [];
  const answer: AnswerReading = {
    read: async (words) =>
      words.map((_, slot): ReadWord => ({
        logProbability: 0,
        // The transcript could end after any word; the next word is likelier except where it ends.
        endBound: -0.5,
        next: slot + 1 === endsAfter ? -9 : 0,
      })),
    endAfter: async (words) => {
      asked.push([...words]);
      return words.length === endsAfter ? strength : -12;
    },
  };
  return { answer, asked };
}

/** The end's strength after each slot, as the rule asks for it. */
const after = (strengths: readonly number[]) => (slot: number) => strengths[slot]!;

describe("Moonshine's reading of where the answer ends", () => {
  const words = ['the', 'students', 'finished', 'early'];
  /** The supports of a reading that began at the reference's first word. */
  const begun = words.map(() => 0);

  it('hears the end after the word where the transcript ends, likelier than the next word', async () => {
    const { answer, asked } = answerEnding(2, -0.3);
    const strengths = await endStrengths(answer, words);
    expect(strengths).toEqual([-Infinity, -0.3, -Infinity, -Infinity]);
    expect(await wordsBeforeEnd(begun, after(strengths))).toBe(2);
    // Only where the transcript could end and the next word is less likely is the end worked out.
    expect(asked).toEqual([['the', 'students']]);
  });

  it('works out no end past where the answer ended, nor any for a late start', async () => {
    // A reading cut after "students": once the audio is over, an end could follow every word.
    const asked: string[][] = [];
    const answer: AnswerReading = {
      read: async (wording) =>
        wording.map((): ReadWord => ({ logProbability: 0, endBound: -0.1, next: -9 })),
      endAfter: async (wording) => {
        asked.push([...wording]);
        // Stronger after "finished", which was never said, than after "students".
        return [-5, -0.3, -0.2][wording.length - 1]!;
      },
    };
    const cut = [0, 0, NEURAL_HEARD_BAR - 1, NEURAL_HEARD_BAR - 1];
    expect(await wordsBeforeEnd(cut, endStrength(answer, words))).toBe(2);
    expect(asked).toEqual([['the'], ['the', 'students']]);
    // The stronger end after "finished" was there to be worked out: the rule stopped before it.
    expect(await endStrengths(answer, words)).toEqual([-5, -0.3, -0.2, -Infinity]);
    asked.length = 0;
    const lateStart = [NEURAL_START_BAR - 0.01, 0, 0, 0];
    expect(await wordsBeforeEnd(lateStart, endStrength(answer, words))).toBe(4);
    expect(asked).toEqual([]);
  });

  it('takes no end under the bar, and every word where the answer goes on', async () => {
    const weak = await endStrengths(
      answerEnding(2, NEURAL_END_BAR - 0.5).answer,
      words,
      NEURAL_END_BAR - 1,
    );
    expect(await wordsBeforeEnd(begun, after(weak))).toBe(4);
    const bars = {
      start: NEURAL_START_BAR,
      end: NEURAL_END_BAR - 1,
      heard: NEURAL_HEARD_BAR,
      clear: NEURAL_CLEAR_BAR,
    };
    expect(await wordsBeforeEnd(begun, after(weak), bars)).toBe(2);
    const goesOn = await endStrengths(answerEnding(0, -0.1).answer, words);
    expect(await wordsBeforeEnd(begun, after(goesOn))).toBe(4);
  });

  it('moves the end on to a stronger end just after it, over words Moonshine hears', async () => {
    const bar = NEURAL_END_BAR;
    const lastUnsaid = [0, 0, 0, NEURAL_CLEAR_BAR - 0.01];
    // "...before the" with the last word left out: the decoder would end after "before", and
    // more surely after "the".
    const endsBefore = async (supports: number[], strengths: number[]) =>
      wordsBeforeEnd(supports, after(strengths));
    expect(await endsBefore(lastUnsaid, [-Infinity, bar + 0.6, bar + 1.2, -Infinity])).toBe(3);
    expect(await endsBefore(lastUnsaid, [-Infinity, bar + 1.2, bar + 0.6, -Infinity])).toBe(2);
    // A later run does not count: the answer had already ended.
    expect(await endsBefore(lastUnsaid, [bar, -Infinity, bar + 1.2, -Infinity])).toBe(1);
    // Nor does a stronger end after a word Moonshine does not hear ("their project", unsaid).
    const unheard = [0, 0, NEURAL_HEARD_BAR - 0.01, NEURAL_CLEAR_BAR - 0.01];
    expect(await endsBefore(unheard, [-Infinity, bar + 0.6, bar + 1.2, -Infinity])).toBe(2);
  });

  it("moves the end on to the reference's own end over a last word heard clearly", async () => {
    // "...to them park": the decoder could end after "them", but "park" was said.
    const ends = after([-Infinity, -Infinity, NEURAL_END_BAR + 0.1, -Infinity]);
    expect(await wordsBeforeEnd([0, 0, 0, NEURAL_CLEAR_BAR], ends)).toBe(4);
    expect(await wordsBeforeEnd([0, 0, 0, NEURAL_CLEAR_BAR - 0.01], ends)).toBe(3);
  });

  it('leaves the end unused where the reading did not begin at the first word (a late start)', async () => {
    const strengths = await endStrengths(answerEnding(2, -0.3).answer, words);
    const lateStart = [NEURAL_START_BAR - 0.01, ...begun.slice(1)];
    expect(await wordsBeforeEnd(lateStart, after(strengths))).toBe(4);
  });
});
