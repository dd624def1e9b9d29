import { describe, expect, it } from 'vitest';
import {
  jointFeatures,
  missedFalseStart,
  needsSecondOpinion,
  secondOpinionFor,
  secondReading,
  withSecondOpinion,
} from '../../src/engine/evidence/second-opinion.js';
import type { HeardWord, SpeechAnalysis } from '../../src/engine/evidence/speech-analysis.js';
import {
  decideSaid,
  logOdds,
  saidFeatures,
  saidLogOdds,
  saidModelFor,
} from '../../src/engine/evidence/word-acceptance.js';
import { path } from '../helpers/decoded-path.js';
import { analysisOf, wordWithGops } from '../helpers/heard-words.js';

const first = saidModelFor('en-us-8k');
const opinion = secondOpinionFor('en-us-8k')!;

interface Evidence {
  gops: number[];
  decoded: boolean;
}

/** An analysis of "one two three" whose words have this evidence, weighed by `model`. */
function analysed(words: Evidence[], model = first): SpeechAnalysis {
  const aligned: HeardWord[] = words.map(({ gops, decoded }, slot) => ({
    ...wordWithGops(slot, gops),
    decoded,
  }));
  const evidence = analysisOf('one two three', aligned);
  return { ...evidence, ...decideSaid(evidence, model) };
}

const sure = logOdds(first.sureThreshold);
const clear = { gops: [4, 6], decoded: true };
/** Not decoded, and aligned onto audio that fits it poorly: kept by the first model, unsurely. */
const doubtful = { gops: [-30, -35], decoded: false };
const absent = { gops: [-70, -70], decoded: false };

describe('a second opinion on the words said', () => {
  it('is fitted for the 8 kHz model, asking the 16 kHz one', () => {
    expect(opinion.model).toBe('en-us-16k');
    expect(opinion.features).toContain('second.gop');
    expect(secondOpinionFor('en-us-16k')).toBeNull();
  });

  it("is asked only when a word is under the first model's sure bar", () => {
    const firstView = analysed([clear, doubtful, clear]);
    // The fixture spans both sides of the bar, so the checks below are not vacuous.
    expect(firstView.aligned[0]!.saidLogOdds).toBeGreaterThanOrEqual(sure);
    expect(firstView.aligned[1]!.saidLogOdds).toBeLessThan(sure);
    expect(needsSecondOpinion(firstView, first, [])).toBe(true);
    expect(needsSecondOpinion(firstView, first, ['clipped'])).toBe(true);
    expect(needsSecondOpinion(analysed([clear, clear, clear]), first, [])).toBe(false);
  });

  it('is not asked about a noisy answer, whose upper band the second model would hear', () => {
    expect(needsSecondOpinion(analysed([clear, doubtful, clear]), first, ['noisy'])).toBe(false);
  });

  it('keeps the words the first model is sure of, whatever the second heard', () => {
    const firstView = analysed([clear, doubtful, clear]);
    const heardNothing = analysed([absent, absent, absent], saidModelFor('en-us-16k'));
    const decided = withSecondOpinion(firstView, first, heardNothing, opinion);
    expect(decided.heard.map((word) => word.slot)).toEqual([0, 2]);
    // The doubtful word is Missing on both models' evidence: unsurely while that evidence lies
    // over the joint sure-Missing bar, as it does here.
    const joint = saidLogOdds(
      jointFeatures(saidFeatures(firstView, 1), saidFeatures(heardNothing, 1)),
      opinion,
    );
    expect(joint).toBeLessThan(logOdds(opinion.threshold));
    expect(joint).toBeGreaterThanOrEqual(logOdds(opinion.sureMissingThreshold));
    expect(decided.unsureSlots).toEqual([1]);
  });

  it('calls a word Missing surely where both models put it under the joint sure-Missing bar', () => {
    const firstView = analysed([clear, doubtful, clear]);
    const heardNothing = analysed([absent, absent, absent], saidModelFor('en-us-16k'));
    const stricter = { ...opinion, sureMissingThreshold: opinion.threshold };
    const decided = withSecondOpinion(firstView, first, heardNothing, stricter);
    expect(decided.heard.map((word) => word.slot)).toEqual([0, 2]);
    expect(decided.unsureSlots).toEqual([]);
  });

  it("decides a doubtful word on both models' evidence, and keeps it unsure", () => {
    const firstView = analysed([clear, doubtful, clear]);
    const heardBySecond = analysed([clear, clear, clear], saidModelFor('en-us-16k'));
    const decided = withSecondOpinion(firstView, first, heardBySecond, opinion);
    const joint = saidLogOdds(
      jointFeatures(saidFeatures(firstView, 1), saidFeatures(heardBySecond, 1)),
      opinion,
    );
    expect(joint).toBeGreaterThanOrEqual(logOdds(opinion.threshold));
    expect(decided.heard.map((word) => word.slot)).toEqual([0, 1, 2]);
    expect(decided.unsureSlots).toEqual([1]);
  });

  it('leaves a word the second model did not align to the first model', () => {
    const firstView = analysed([clear, doubtful, clear]);
    const unaligned = analysed([clear, clear, clear], saidModelFor('en-us-16k'));
    unaligned.aligned[1] = { ...unaligned.aligned[1]!, phones: [] };
    const decided = withSecondOpinion(firstView, first, unaligned, opinion);
    expect(decided.heard.map((word) => word.slot)).toEqual(
      firstView.heard.map((word) => word.slot),
    );
    expect(firstView.unsureSlots).toEqual([1]);
    expect(decided.unsureSlots).toEqual(firstView.unsureSlots);
  });
});

describe("the second model's reading of a restarted answer", () => {
  const withFalseStart = (analysis: SpeechAnalysis): SpeechAnalysis => ({
    ...analysis,
    falseStart: path('one two'),
  });

  it("is read again after the first model's false start only where it missed it", () => {
    const plain = analysed([clear, clear, clear]);
    expect(missedFalseStart(withFalseStart(plain), plain)).toBe(true);
    expect(missedFalseStart(withFalseStart(plain), withFalseStart(plain))).toBe(false);
    expect(missedFalseStart(plain, plain)).toBe(false);
  });

  it('keeps the reading after the false start unless it hears fewer words', () => {
    const alone = analysed([clear, absent, clear]);
    const sameWords = withFalseStart(analysed([clear, clear, absent]));
    const fewer = withFalseStart(analysed([clear, absent, absent]));
    expect(alone.heard).toHaveLength(2);
    expect(secondReading(alone, sameWords)).toBe(sameWords);
    expect(secondReading(alone, fewer)).toBe(alone);
    expect(secondReading(alone, undefined)).toBe(alone);
  });
});
