import { describe, expect, it } from 'vitest';
import { NEURAL_WORD_BAR } from '../../src/engine/evidence/neural-bar.js';
import {
  isReadable,
  neuralReading,
  withNeuralReading,
  type ReferenceReader,
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
