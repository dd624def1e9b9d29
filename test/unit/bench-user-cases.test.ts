import { describe, expect, it } from 'vitest';
import { corpusAvailable, readLabels, speakerOf } from '../../bench/so762-corpus.js';
import { isTestSpeaker, TEST_SPEAKERS } from '../../bench/so762-split.js';
import { buildUserCases, restartMs, restartSamples } from '../../bench/so762-user-cases.js';
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
