import { describe, expect, it } from 'vitest';
import { corpusAvailable, readLabels, speakerOf } from '../../bench/so762-corpus.js';
import { isTestSpeaker, TEST_SPEAKERS } from '../../bench/so762-split.js';
import type { CaseAnalysis } from '../../bench/so762-analyses.js';
import type { Label } from '../../bench/so762-corpus.js';
import {
  buildUserCases,
  editedWord,
  restartMs,
  restartSamples,
  withExamQuiet,
  withoutSpan,
  withSpanTwice,
} from '../../bench/so762-user-cases.js';
import type { HeardWord } from '../../src/engine/evidence/speech-analysis.js';
import { nothingHeard } from '../../src/engine/evidence/speech-analysis.js';
import { rocArea } from '../../bench/roc-area.js';

describe('rocArea', () => {
  it('is 1 when every positive beats every negative, 0.5 for ties, 0 when reversed', () => {
    expect(rocArea([0.9, 0.8], [0.1, 0.2])).toBe(1);
    expect(rocArea([0.5], [0.5])).toBe(0.5);
    expect(rocArea([0.1], [0.9, 0.5])).toBe(0);
    expect(rocArea([0.9, 0.3], [0.5])).toBe(0.5);
  });
});

describe('restartSamples', () => {
  it('keeps the false start, fills the 0.7 s pause with faint room noise, then the whole reading', () => {
    const reading = Float32Array.from({ length: 16000 }, (_, i) => 0.5 * Math.sin(i / 7));
    const at = restartMs({ start: 0, end: 200 });
    expect(at).toBe(950);
    const out = restartSamples(reading, at);
    expect(out).toHaveLength(4000 + 11200 + 16000);
    expect(out.subarray(0, 4000)).toEqual(reading.subarray(0, 4000));
    const pause = out.subarray(4000, 15200);
    expect(Math.max(...pause.map(Math.abs))).toBeLessThanOrEqual(0.001);
    expect(pause.some((value) => value !== 0)).toBe(true);
    expect(out.subarray(15200)).toEqual(reading);
  });
});

describe('a word left out or said twice', () => {
  const reading = Float32Array.from({ length: 16000 }, (_, i) => 0.5 * Math.sin(i / 7) + 0.1);
  const span = { start: 250, end: 500 };

  it("cuts the word's span out, fading 5 ms either side of the splice", () => {
    const out = withoutSpan(reading, span);
    expect(out).toHaveLength(16000 - 4000);
    expect(out.subarray(0, 4000 - 80)).toEqual(reading.subarray(0, 4000 - 80));
    expect(out.subarray(4000 + 80)).toEqual(reading.subarray(8000 + 80));
    expect(out[3999]).toBeCloseTo(0, 5);
    expect(Math.abs(out[4000]!)).toBe(0);
  });

  it('says the word again after a 0.15 s pause of faint room noise', () => {
    const out = withSpanTwice(reading, span);
    expect(out).toHaveLength(8000 + 2400 + 12000);
    expect(out.subarray(0, 8000 - 80)).toEqual(reading.subarray(0, 8000 - 80));
    const pause = out.subarray(8000, 10400);
    expect(Math.max(...pause.map(Math.abs))).toBeLessThanOrEqual(0.001);
    expect(out.subarray(10400 + 80)).toEqual(reading.subarray(4000 + 80));
  });

  it("keeps the whole reading between 1 s more of faint room noise before it and 2 s after, an exam-mode answer's quiet", () => {
    const out = withExamQuiet(reading);
    expect(out).toHaveLength(16000 + 16000 + 32000);
    expect(out.subarray(16000, 32000)).toEqual(reading);
    for (const quiet of [out.subarray(0, 16000), out.subarray(32000)]) {
      expect(Math.max(...quiet.map(Math.abs))).toBeLessThanOrEqual(0.001);
      expect(Math.max(...quiet.map(Math.abs))).toBeGreaterThan(0.0005);
    }
  });

  const label = (text: string): Label => ({
    id: '000010011',
    accuracy: 8,
    completeness: 10,
    fluency: 8,
    prosodic: 8,
    total: 8,
    text,
    words: [],
  });
  const heardAt = (slots: number[], falseStart = false): CaseAnalysis => ({
    id: 'real:000010011',
    audioSeconds: 3,
    latencyMs: 0,
    analysis: {
      ...nothingHeard(300),
      heard: slots.map((slot): HeardWord => ({
        slot,
        decoded: true,
        entry: 'w',
        startFrame: slot * 30,
        endFrame: slot * 30 + 29,
        phones: [],
        levelDb: -10,
        saidLogOdds: 2,
      })),
      falseStart: falseStart
        ? [{ text: 'the', startFrame: 0, endFrame: 10, acousticScore: 0 }]
        : [],
    },
  });

  it('picks an inner word of three letters or more, said once in the sentence, with its neighbours heard', () => {
    const sentence = label('THE CAT SAT ON THE MAT');
    const picked = editedWord(sentence, heardAt([0, 1, 2, 3, 4, 5]), 'skip');
    expect([1, 2]).toContain(picked?.slot);
    expect(picked?.time).toEqual({ start: picked!.slot * 300, end: picked!.slot * 300 + 300 });
    expect(editedWord(sentence, heardAt([0, 1, 2, 3, 4, 5]), 'skip')).toEqual(picked);
    expect(editedWord(sentence, heardAt([0, 1, 3, 4, 5]), 'skip')).toBeNull();
    expect(editedWord(sentence, heardAt([0, 1, 2, 3, 4, 5], true), 'repeat')).toBeNull();
    expect(editedWord(sentence, undefined, 'repeat')).toBeNull();
  });
});

describe.skipIf(!corpusAvailable())('issue 19 case families (needs ../shared/so762)', () => {
  it('splits the corpus into its 60 test speakers (342 utterances) and the rest', () => {
    const labels = readLabels();
    expect(TEST_SPEAKERS.size).toBe(60);
    expect(labels.filter((label) => isTestSpeaker(speakerOf(label.id)))).toHaveLength(342);
  });

  it('builds the same cases every time, from test speakers only, with replaced words absent from the reading', async () => {
    const labels = readLabels();
    const first = await buildUserCases(labels, new Map());
    const second = await buildUserCases(labels, new Map());
    expect(second).toEqual(first);
    expect(first.every((item) => isTestSpeaker(speakerOf(item.labelId)))).toBe(true);
    const replaced = first.filter(
      (item) => item.family === 'replace1' || item.family === 'replace2',
    );
    expect(replaced.length).toBeGreaterThanOrEqual(60);
    for (const item of replaced) {
      const said = labels.find((label) => label.id === item.labelId)!.text.split(' ');
      const sent = item.refText.split(' ');
      expect(sent).toHaveLength(said.length);
      for (const slot of item.replacedSlots!) expect(said).not.toContain(sent[slot]);
      sent.forEach((word, slot) => {
        if (!item.replacedSlots!.includes(slot)) expect(word).toBe(said[slot]);
      });
    }
  });
});
