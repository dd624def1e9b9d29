import { describe, expect, it } from 'vitest';
import { NEURAL_WORD_BAR } from '../../src/engine/evidence/neural-bar.js';
import {
  isReadable,
  neuralReading,
  withNeuralReading,
  supportsLeavingOutUnsaid,
  wordSupports,
  type ReferenceReader,
  type WordingReader,
} from '../../src/engine/evidence/neural-reading.js';
import { decideSaid, saidModelFor } from '../../src/engine/evidence/word-acceptance.js';
import { tokenize } from '../../src/engine/text/words.js';
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

describe("Moonshine's reading of the reference as the last word on what was said", () => {
  it('calls a word said on the acoustic evidence but under the bar Missing, unsurely', () => {
    const analysis = saidAll();
    expect(analysis.heard.map((word) => word.slot)).toEqual([0, 1, 2, 3]);
    expect(analysis.unsureSlots).toEqual([]);
    const vetted = withNeuralReading(analysis, [over, over, over, under]);
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
    const vetted = withNeuralReading(saidAll(), [over, over, name!, contradicted!]);
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
    const vetted = withNeuralReading(saidAll(), [over, under, over, over]);
    expect(vetted.heard.map((word) => word.slot)).toEqual([0, 1, 2, 3]);
  });

  it('leaves the words of an answer it did not read to the acoustic models', () => {
    expect(withNeuralReading(saidAll(), null)).toEqual(saidAll());
  });

  it('reads answers up to 30 s, and asks the reader with the reference as written', async () => {
    const asked: string[][] = [];
    const reader: ReferenceReader = async (_, words) => {
      asked.push([...words]);
      return words.map(() => 0);
    };
    const reference = tokenize('The 25 students, finished.');
    expect(await neuralReading(reader, new Float32Array(16000 * 30), reference)).toEqual([
      0, 0, 0, 0,
    ]);
    expect(asked).toEqual([['The', '25', 'students', 'finished']]);
    expect(await neuralReading(reader, new Float32Array(16000 * 30 + 1), reference)).toBeNull();
    expect(asked).toHaveLength(1);
    expect([isReadable(30), isReadable(30.01)]).toEqual([true, false]);
  });
});
