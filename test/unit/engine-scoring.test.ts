import { describe, expect, it } from 'vitest';
import { speakingComponents } from '../../src/engine/scoring/components.js';
import { repeatedShare, repeatSentenceMark } from '../../src/engine/scoring/content.js';
import {
  confidentLowQuantile,
  expertBand,
  fitLabelBars,
  fitVerifier,
  lowQuantile,
  outOfFoldAccuracy,
  typicalAccuracies,
} from '../../scripts/training/fit-calibration.js';
import {
  innerPauses,
  phoneFeatures,
  readingSupport,
  utteranceContext,
  utteranceFeatures,
  withoutPauses,
  wordFeatures,
  wordSupportValue,
} from '../../src/engine/evidence/features.js';
import {
  acceptedWords,
  decideSaid,
  saidFeatures,
  saidLogOdds,
  saidModelFor,
  weighSaid,
} from '../../src/engine/evidence/word-acceptance.js';
import { wordLabel, wordShare } from '../../src/engine/scoring/labels.js';
import { answerContext, loadCalibration } from '../../src/engine/scoring/models/calibration.js';
import { sequenceWords } from '../../src/engine/scoring/words.js';
import {
  commonSubsequence,
  RENDITION_FEATURES,
  renditionFeatures,
  selfRepetition,
} from '../../src/engine/evidence/rendition-evidence.js';
import { predictTrees } from '../../src/engine/scoring/models/boosted-trees.js';
import {
  deliveryReadings,
  scoreRepeatSentence,
  utteranceShare,
} from '../../src/engine/scoring/repeat-sentence.js';
import type { SecondReading } from '../../src/engine/scoring/second-reading.js';
import { phraseDelivery } from '../../src/engine/scoring/free-speech.js';
import { judge } from '../../src/engine/scoring/verdict.js';
import { DOUBTFUL_SENTENCE } from '../../src/engine/scoring/suggestions.js';
import { predict } from '../../src/engine/scoring/models/linear-model.js';
import { fitRidge } from '../../scripts/training/ridge.js';
import type { HeardWord, SpeechAnalysis } from '../../src/engine/evidence/speech-analysis.js';
import type { Word } from '../../src/shared/contract/envelope.js';
import { tokenize } from '../../src/engine/text/words.js';
import { analysisOf, wordWithGops } from '../helpers/heard-words.js';

function analysisHearing(text: string, slots: number[]): SpeechAnalysis {
  const heard: HeardWord[] = slots.map((slot, index) => ({
    slot,
    decoded: true,
    levelDb: 0,
    saidLogOdds: 0,
    entry: 'x',
    startFrame: index * 30,
    endFrame: index * 30 + 20,
    phones: [],
  }));
  return {
    reference: tokenize(text),
    aligned: heard,
    heard,
    unsureSlots: [],
    rejected: 0,
    fillers: [],
    loopPhones: [],
    totalFrames: 300,
    soundingFrames: 0,
    falseStart: [],
    decodedPath: [],
  };
}

/** A verifier that gives every answer this score. */
function verifierScoring(score: number) {
  return { model: { base: score, rate: 0, trees: [] } };
}

/**
 * The shipped calibration with the verdict's bars set around this analysis's own score: under
 * `doubt` it is in doubt, and it is never refused; the same with a second model's verifier
 * that agrees (verifierScoring). Which real answers fall between the bars moves with every
 * refit; the wiring must not.
 */
function calibrationJudging(analysis: SpeechAnalysis, doubt: 'in doubt' | 'accepted') {
  const shipped = loadCalibration('en-us-8k');
  const score = ownScore(analysis);
  const bars = { rejectBelow: score - 2, doubtBelow: doubt === 'in doubt' ? score + 1 : score - 1 };
  return { ...shipped, verification: { ...shipped.verification, ...bars, bothModels: bars } };
}

function ownScore(analysis: SpeechAnalysis): number {
  return predictTrees(loadCalibration('en-us-8k').verification.model, renditionFeatures(analysis));
}

describe('Repeat Sentence content', () => {
  const text = 'one two three four five six';
  it('marks all words in order 3, at least half 2, fewer 1, none 0', () => {
    expect(repeatSentenceMark(analysisHearing(text, [0, 1, 2, 3, 4, 5]))).toBe(3);
    expect(repeatSentenceMark(analysisHearing(text, [0, 2, 4]))).toBe(2);
    expect(repeatSentenceMark(analysisHearing(text, [5]))).toBe(1);
    expect(repeatSentenceMark(analysisHearing(text, []))).toBe(0);
  });

  it('holds an answer in doubt at 1 at most', () => {
    expect(repeatSentenceMark(analysisHearing(text, [0, 1, 2, 3, 4, 5]), true)).toBe(1);
    expect(repeatSentenceMark(analysisHearing(text, []), true)).toBe(0);
  });

  it("scales overall by the share of words repeated, not by the content mark's step", () => {
    expect(repeatedShare(analysisHearing(text, [0, 1, 2, 3, 4, 5]))).toBe(1);
    expect(repeatedShare(analysisHearing(text, [0, 1, 2, 3, 5]))).toBeCloseTo(5 / 6, 12);
    expect(repeatedShare(analysisHearing(text, [0, 2, 4]))).toBe(0.5);
    expect(repeatedShare(analysisHearing(text, []))).toBe(0);
  });

  it('gives a word said unsurely half a word of the share; the content mark counts it whole', () => {
    const unsure = (slots: number[], unsureSlots: number[]) => ({
      ...analysisHearing(text, slots),
      unsureSlots,
    });
    expect(repeatedShare(unsure([0, 1, 2, 3, 4, 5], [3]))).toBeCloseTo(5.5 / 6, 12);
    expect(repeatedShare(unsure([0, 1, 2, 4, 5], [1, 4]))).toBeCloseTo(4 / 6, 12);
    expect(repeatSentenceMark(unsure([0, 1, 2, 3, 4, 5], [3]))).toBe(3);
    // Tipped under the bar, the same word costs the other half, not a whole word at once.
    expect(repeatedShare(unsure([0, 1, 2, 4, 5], []))).toBeCloseTo(5 / 6, 12);
    // Missing unsurely, it earns nothing until the examiner marks it said.
    expect(repeatedShare(unsure([0, 1, 2, 4, 5], [3]))).toBeCloseTo(5 / 6, 12);
    expect(repeatSentenceMark(unsure([0, 1, 2, 4, 5], [3]))).toBe(2);
  });

  it('holds the share of an answer in doubt at the held mark, 1 of 3', () => {
    expect(repeatedShare(analysisHearing(text, [0, 1, 2, 3, 4, 5]), true)).toBeCloseTo(1 / 3, 12);
    expect(repeatedShare(analysisHearing(text, [5]), true)).toBeCloseTo(1 / 6, 12);
  });

  it('gives an answer the verdict doubts content 1 with status 1, and asks the examiner to listen', () => {
    const analysis = analysisHearing(text, [0, 1, 2, 3, 4, 5]);
    const result = scoreRepeatSentence({
      analysis,
      calibration: calibrationJudging(analysis, 'in doubt'),
      scale: { scale: 5, precision: 0.1 },
      durationMs: 3000,
      cautions: [],
    });
    expect(result.components[0]).toMatchObject({
      name: 'score_content',
      score: 1,
      status: 1,
      suggestion: DOUBTFUL_SENTENCE,
    });
    expect(result.components[3]).toMatchObject({ name: 'overall', status: 1 });
    expect(result.components[3]!.score).toBeLessThanOrEqual(5 / 3);
  });

  it("estimates the delivery as the mean of both acoustic models' estimates, where the second heard the answer", () => {
    const analysis = analysisHearing(text, [0, 1, 2, 3, 4, 5]);
    const calibration = calibrationJudging(analysis, 'accepted');
    // A second model whose delivery models say 8 of 10, whatever they hear.
    const eight = {
      ridge: { features: [], mean: [], scale: [], weights: [], intercept: 8, min: 0, max: 10 },
      trees: { base: 8, rate: 0, trees: [] },
      min: 0,
      max: 10,
    };
    const secondModels = {
      accuracy: eight,
      fluency: eight,
      total: eight,
      verification: verifierScoring(ownScore(analysis)),
    };
    const scored = (second?: SecondReading) =>
      scoreRepeatSentence({
        analysis,
        calibration,
        scale: { scale: 10, precision: 0.01 },
        durationMs: 3000,
        cautions: [],
        second,
      }).components;
    const alone = scored();
    const both = scored({ analysis, calibration: secondModels });
    const pronunciation = (components: typeof alone) => components[1]!.score;
    expect(pronunciation(both)).toBeCloseTo((pronunciation(alone) + 8) / 2, 1);
    expect(both[3]!.score).toBeCloseTo((alone[3]!.score + 8) / 2, 1);
    // A second model that heard none of the sentence has no estimate to give.
    expect(scored({ analysis: analysisHearing(text, []), calibration: secondModels })).toEqual(
      alone,
    );
  });

  it("refines pronunciation by Moonshine's reading where the calibration reads it, not the words", () => {
    const heard = analysisHearing(text, [0, 1, 2, 3, 4, 5]);
    const { reading: shipped, ...calibration } = calibrationJudging(heard, 'accepted');
    expect(shipped).toBeDefined();
    const inputs = ['predicted', 'meanSupport', 'leastSupport'];
    // A ridge that adds the answer's mean support to the estimate.
    const reading = {
      accuracy: {
        features: inputs,
        mean: inputs.map(() => 0),
        scale: inputs.map(() => 1),
        weights: inputs.map((name) => (name === 'leastSupport' ? 0 : 1)),
        intercept: 0,
        min: 0,
        max: 10,
      },
    };
    const scored = (analysis: SpeechAnalysis, withReading: boolean) =>
      scoreRepeatSentence({
        analysis,
        calibration: withReading ? { ...calibration, reading } : calibration,
        scale: { scale: 10, precision: 0.01 },
        durationMs: 3000,
        cautions: [],
      });
    const supported = { ...heard, supports: heard.reference.map(() => -1) };
    const [plain, read] = [scored(heard, true), scored(supported, true)];
    // Support −1 for every word: pronunciation 1 lower; every word's score as it was.
    expect(read.components[1]!.score).toBeCloseTo(plain.components[1]!.score - 1, 1);
    expect(read.words).toEqual(plain.words);
    // Without a reading model (free speech's, an older calibration), the support changes nothing.
    expect(scored(supported, false)).toEqual(scored(heard, false));
  });

  it("judges the answer by the mean of both models' verifiers against the bars set for it, where the second read it", () => {
    const analysis = analysisHearing(text, [0, 1, 2, 3, 4, 5]);
    const own = ownScore(analysis);
    const shipped = loadCalibration('en-us-8k');
    const calibration = {
      ...shipped,
      verification: {
        ...shipped.verification,
        rejectBelow: own - 2,
        doubtBelow: own - 1,
        bothModels: { rejectBelow: own - 0.5, doubtBelow: own - 0.05 },
      },
    };
    const second = (score: number): SecondReading => ({
      analysis,
      calibration: { ...loadCalibration('en-us-16k'), verification: verifierScoring(score) },
    });
    expect(judge(analysis, calibration)).toEqual({ verdict: 'rendition', score: own });
    const doubted = judge(analysis, calibration, second(own - 0.2));
    expect(doubted.verdict).toBe('doubtful');
    expect(doubted.score).toBeCloseTo(own - 0.1, 12);
    expect(judge(analysis, calibration, second(own - 1.2)).verdict).toBe('not-the-text');
    expect(judge(analysis, calibration, second(own + 0.2)).verdict).toBe('rendition');
    // A calibration without bars for the mean judges by the first model's verifier alone.
    const { bothModels: _, ...alone } = calibration.verification;
    expect(judge(analysis, { ...calibration, verification: alone }, second(own - 1.2))).toEqual({
      verdict: 'rendition',
      score: own,
    });
  });

  it('does not claim a word was repeated when the engine is unsure of it, said or Missing', () => {
    const suggestion = (slots: number[], unsureSlots: number[]) => {
      const analysis = { ...analysisHearing(text, slots), unsureSlots };
      const result = scoreRepeatSentence({
        analysis,
        calibration: calibrationJudging(analysis, 'accepted'),
        scale: { scale: 5, precision: 0.1 },
        durationMs: 3000,
        cautions: [],
      });
      return result.components[0]!.suggestion;
    };
    expect(suggestion([0, 1, 2, 3, 4, 5], [])).toBe(
      'All words of the sentence were repeated in order.',
    );
    expect(suggestion([0, 1, 2, 3, 4, 5], [3])).toBe(
      'All words of the sentence were heard in order. One word was unclear: the engine is not sure whether it was said.',
    );
    expect(suggestion([0, 1, 2, 4, 5], [1, 3])).toBe(
      'Most of the sentence was repeated; 5 of 6 words heard in order. 2 words were unclear: the engine is not sure whether they were said.',
    );
  });
});

describe("Moonshine's support as the reading models read it", () => {
  const analysis = analysisHearing('the 25 students finished', [0, 1, 2, 3]);

  it('keeps each support within its range, and counts only the words written in letters', () => {
    const read = { ...analysis, supports: [-40, -50, 5, 1] };
    const support = readingSupport(read)!;
    expect(support).toEqual({ meanSupport: (-10 + 3 + 1) / 3, leastSupport: -10 });
    expect([0, 1, 2, 3].map((slot) => wordSupportValue(read, slot, support))).toEqual([
      -10,
      support.meanSupport,
      3,
      1,
    ]);
  });

  it('has nothing to give where Moonshine did not read the answer', () => {
    expect(readingSupport(analysis)).toBeNull();
  });
});

describe('components', () => {
  const part = (fraction: number) => ({ fraction, status: 0, suggestion: 's' });

  it('lists the contract order and makes overall the mean share times the scale', () => {
    const components = speakingComponents(
      { content: part(2 / 3), contentNativeMax: 3, pronunciation: part(0.5), fluency: part(0.8) },
      { scale: 10, precision: 0.5 },
    );
    expect(components.map((c) => c.name)).toEqual([
      'score_content',
      'score_pronunciation',
      'score_fluency',
      'overall',
    ]);
    expect(components.map((c) => c.maxScore)).toEqual([6, 10, 10, 0]);
    expect(components.map((c) => c.score)).toEqual([4, 5, 8, 6.5]);
    expect(components[3]?.suggestion).toBeNull();
  });

  it('carries the worst status onto overall', () => {
    const components = speakingComponents(
      {
        content: part(1),
        contentNativeMax: 5,
        pronunciation: { ...part(1), status: 1 },
        fluency: part(1),
      },
      { scale: 5, precision: 0.1 },
    );
    expect(components.map((c) => c.status)).toEqual([0, 1, 0, 1]);
  });
});

describe('word labels', () => {
  const bars = { averageFrom: 8, goodFrom: 9 };

  it('labels by the calibrated bars on the word score', () => {
    expect(wordLabel(9.5, bars)).toBe('Good');
    expect(wordLabel(9, bars)).toBe('Good');
    expect(wordLabel(8.5, bars)).toBe('Average');
    expect(wordLabel(7.9, bars)).toBe('Bad');
  });

  it("puts the word's score on the experts' bands so it agrees with its label", () => {
    expect(wordShare(8, bars)).toBeCloseTo(0.45, 9);
    expect(wordShare(9, bars)).toBeCloseTo(0.75, 9);
    expect(wordShare(10, bars)).toBe(1);
    expect(wordShare(0, bars)).toBe(0);
    const scores = [0, 2, 5, 7.9, 8, 8.5, 9, 9.5, 10];
    const shares = scores.map((score) => wordShare(score, bars));
    expect([...shares].sort((a, b) => a - b)).toEqual(shares);
  });

  it('chooses bars that sort held-out words into the three expert bands', () => {
    // Expert bands 0–4, 5–7, 8–10 with predictions crowded in 7–9, as a weak model gives.
    const rows = [
      ...Array.from({ length: 20 }, () => ({ values: {}, target: 3 })),
      ...Array.from({ length: 40 }, () => ({ values: {}, target: 6 })),
      ...Array.from({ length: 200 }, () => ({ values: {}, target: 9 })),
    ];
    const predicted = rows.map((row, index) => 6.8 + row.target / 5 + (index % 5) * 0.01);
    const fitted = fitLabelBars(predicted, rows);
    expect(fitted.averageFrom).toBeGreaterThan(7.44);
    expect(fitted.averageFrom).toBeLessThanOrEqual(8);
    expect(fitted.goodFrom).toBeGreaterThan(8.04);
    expect(fitted.goodFrom).toBeLessThanOrEqual(8.6);
    expect(expertBand(4)).toBe(0);
    expect(expertBand(5)).toBe(1);
    expect(expertBand(8)).toBe(2);
  });

  it('sets the Average bar where three in four held-out poor words fall under it', () => {
    const at = (target: number, prediction: number) => ({
      row: { values: {}, target },
      prediction,
    });
    const poor = Array.from({ length: 20 }, (_, index) => at(3, 6 + index * 0.1));
    const fair = Array.from({ length: 10 }, (_, index) => at(6, 7.2 + index * 0.1));
    const good = Array.from({ length: 100 }, (_, index) => at(9, 8.5 + (index % 10) * 0.1));
    const fit = (words: ReadonlyArray<ReturnType<typeof at>>) =>
      fitLabelBars(
        words.map((word) => word.prediction),
        words.map((word) => word.row),
      );
    const fitted = fit([...poor, ...fair, ...good]);
    // Poor words at 6.0–7.9: the 16th of 20 is 7.5, so from 7.6 on 16 of 20 are Bad.
    expect(fitted.averageFrom).toBeCloseTo(7.6, 9);
    expect(poor.filter((word) => word.prediction < fitted.averageFrom)).toHaveLength(16);
    expect(fitted.goodFrom).toBeGreaterThan(8.1);
    expect(fitted.goodFrom).toBeLessThanOrEqual(8.5);
    // The fair band is small and decides nothing about the Average bar.
    expect(fit([...poor, ...fair.slice(3), ...good]).averageFrom).toBeCloseTo(7.6, 9);
  });
});

describe('verification evidence', () => {
  it('measures how far the phones the loop heard follow the expected ones in order', () => {
    expect(commonSubsequence(['K', 'AE', 'T'], ['K', 'AH', 'AE', 'T'])).toBe(3);
    expect(commonSubsequence(['K', 'AE', 'T'], ['T', 'AE', 'K'])).toBe(1);
    expect(commonSubsequence([], ['K'])).toBe(0);
  });

  it('measures how far the phones the loop heard repeat themselves', () => {
    const satellites = 'S AE T AH L AY T S'.split(' ');
    const sentence = 'S AY AH N T IH S T S M EH ZH ER DH IY AY S W IH DH'.split(' ');
    expect(selfRepetition([...satellites, ...satellites, ...satellites])).toBe(1);
    // One phone heard otherwise in the second saying: it differs from both its neighbours.
    expect(selfRepetition([...satellites, ...satellites.with(3, 'IH'), ...satellites])).toBeCloseTo(
      14 / 16,
    );
    expect(selfRepetition(sentence)).toBeLessThan(0.3);
    expect(selfRepetition(['S', 'S', 'S'])).toBe(0);
  });
});

describe('verifier refusal bar', () => {
  const speakers = (count: number, scores: (speaker: number) => number[]) =>
    Array.from({ length: count }, (_, speaker) =>
      scores(speaker).map((score) => ({ group: `s${speaker}`, score })),
    ).flat();

  it('is the quantile itself where every speaker reads alike: resampling them cannot move it', () => {
    const readings = speakers(50, () => [0.1, 0.4, 0.7, 0.9]);
    const plain = lowQuantile(
      readings.map((reading) => reading.score),
      0.005,
    );
    expect(confidentLowQuantile(readings, 0.005)).toBe(plain);
  });

  it("falls below the quantile where the low readings are one speaker's, the same on every refit", () => {
    const readings = speakers(100, (speaker) =>
      speaker === 0
        ? [-0.9, -0.7, -0.5, -0.3, -0.1, 0.1, 0.2, 0.3]
        : [0.5, 0.6, 0.7, 0.8, 0.9, 1, 1, 1],
    );
    const plain = lowQuantile(
      readings.map((reading) => reading.score),
      0.005,
    );
    const bar = confidentLowQuantile(readings, 0.005);
    expect(bar).toBeLessThan(plain);
    expect(confidentLowQuantile(readings, 0.005)).toBe(bar);
  });
});

describe("the verifier's bars for both models' mean", () => {
  // Twenty speakers, each with real readings and readings of another sentence; one feature
  // tells them apart, noisily (a seeded sequence, so every run fits the same trees).
  const values = (evidence: number) =>
    Object.fromEntries(RENDITION_FEATURES.map((name, index) => [name, index === 0 ? evidence : 0]));
  const rows = (
    second: (evidence: number) => { values: Record<string, number>; heard: boolean } | undefined,
  ) =>
    Array.from({ length: 20 }, (_, speaker) =>
      Array.from({ length: 12 }, (_, index) => {
        const real = index < 8;
        const evidence = (real ? 1 : -1) + Math.sin(speaker * 12.9898 + index * 78.233) * 1.2;
        const secondEvidence = second(evidence);
        return {
          values: values(evidence),
          target: real ? 1 : 0,
          group: `s${speaker}`,
          kind: real ? 'real' : 'wrong',
          ...(secondEvidence ? { second: secondEvidence } : {}),
        };
      }),
    ).flat();

  it('are the own bars where the second model brings the same evidence', () => {
    const verifier = fitVerifier(rows((evidence) => ({ values: values(evidence), heard: true })));
    expect(verifier.bothModels).toEqual({
      rejectBelow: verifier.rejectBelow,
      doubtBelow: verifier.doubtBelow,
    });
  });

  it('are set only over real readings the second model is heard on, and absent without any', () => {
    expect(fitVerifier(rows(() => undefined)).bothModels).toBeUndefined();
    const unheard = fitVerifier(rows((evidence) => ({ values: values(-evidence), heard: false })));
    expect(unheard.bothModels).toBeUndefined();
    // A second model whose evidence tells nothing scores every reading at the share of real
    // ones (8 of 12), so the mean is the own score halfway to 2/3, and so are its bars.
    const blind = fitVerifier(rows(() => ({ values: values(0), heard: true })));
    expect(blind.bothModels!.rejectBelow).toBeCloseTo((blind.rejectBelow + 2 / 3) / 2, 9);
    expect(blind.bothModels!.doubtBelow).toBeCloseTo((blind.doubtBelow + 2 / 3) / 2, 9);
  });
});

describe('ridge calibration', () => {
  it('recovers a linear relation and clamps predictions to the target range', () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({
      values: { a: i, b: i % 7 },
      target: 2 + 0.1 * i - 0.3 * (i % 7),
    }));
    const model = fitRidge(rows, ['a', 'b'], 1e-6, { min: 0, max: 10 });
    expect(predict(model, { a: 20, b: 3 })).toBeCloseTo(2 + 2 - 0.9, 3);
    expect(predict(model, { a: 1000, b: 0 })).toBe(10);
  });
});

describe('context features', () => {
  const heard = [wordWithGops(0, [-2, -4]), wordWithGops(1, [-10]), wordWithGops(2, [-6, -6])];
  const analysis = analysisOf('one two three', heard);
  const context = utteranceContext(analysis, 7.5);

  it('gives a word the answer level and its neighbours, the mean where there is none', () => {
    expect(context.meanWordGop).toBeCloseTo((-3 - 10 - 6) / 3, 6);
    expect(context.meanPhoneGop).toBeCloseTo(-28 / 5, 6);
    const first = wordFeatures(analysis, 0, context);
    expect(first.wordGop).toBeCloseTo(-3, 6);
    expect(first.utteranceAccuracy).toBe(7.5);
    expect(first.gopVsUtterance).toBeCloseTo(-3 - context.meanWordGop, 6);
    expect(first.previousGop).toBeCloseTo(context.meanWordGop, 6);
    expect(first.nextGop).toBeCloseTo(-10, 6);
    expect(wordFeatures(analysis, 2, context).nextGop).toBeCloseTo(context.meanWordGop, 6);
  });

  it("gives a word the said decision's evidence, lower where the audio fits it worse", () => {
    const said = saidModelFor('en-us-8k');
    const weighed = weighSaid(analysis, said);
    const evidence = (words: HeardWord[]): SpeechAnalysis => ({
      ...analysis,
      aligned: words,
      heard: words,
    });
    const first = wordFeatures(evidence(weighed), 0, context).saidLogOdds;
    expect(first).toBeCloseTo(saidLogOdds(saidFeatures(analysis, 0), said), 6);
    expect(weighed.map((word) => word.saidLogOdds)).not.toEqual([0, 0, 0]);
    const poor = weighSaid(evidence([wordWithGops(0, [-40, -45]), ...heard.slice(1)]), said);
    expect(poor[0]!.saidLogOdds).toBeLessThan(first - 1);
    // The decision keeps a word exactly when its evidence reaches the model's threshold.
    const bar = Math.log(said.threshold / (1 - said.threshold));
    expect(acceptedWords(weighed, said)).toEqual(weighed.filter((word) => word.saidLogOdds >= bar));
  });

  it('calls a word unsure exactly when its evidence lies within the bars either side of the threshold', () => {
    const said = saidModelFor('en-us-8k');
    const logOdds = (p: number): number => Math.log(p / (1 - p));
    const [sureMissingAt, missingAt, sureAt] = [
      logOdds(said.sureMissingThreshold),
      logOdds(said.threshold),
      logOdds(said.sureThreshold),
    ];
    expect(sureMissingAt).toBeLessThan(missingAt);
    expect(sureAt).toBeGreaterThan(missingAt);
    const undecoded = (slot: number, gops: number[], levelDb: number): HeardWord => ({
      ...wordWithGops(slot, gops),
      decoded: false,
      levelDb,
    });
    const aligned = [
      wordWithGops(0, [4, 6]),
      undecoded(1, [-30, -35], 0),
      undecoded(2, [-60, -60], -40),
      undecoded(3, [-70, -70], -60),
      wordWithGops(4, [4, 6]),
    ];
    const decided = decideSaid(
      { ...analysisOf('one two three four five', aligned), aligned },
      said,
    );
    const odds = decided.aligned.map((word) => word.saidLogOdds);
    const slotsWhere = (keep: (value: number) => boolean): number[] =>
      decided.aligned.filter((word) => keep(word.saidLogOdds)).map((word) => word.slot);
    expect(decided.heard.map((word) => word.slot)).toEqual(slotsWhere((v) => v >= missingAt));
    expect(decided.unsureSlots).toEqual(slotsWhere((v) => v >= sureMissingAt && v < sureAt));
    // The fixture spans the four outcomes (sure, unsure said, unsure Missing, sure Missing), so
    // the checks above are not vacuous.
    expect(odds[0]).toBeGreaterThanOrEqual(sureAt);
    expect(decided.heard.map((word) => word.slot)).toEqual([0, 1, 4]);
    expect(decided.unsureSlots).toEqual([1, 2]);
    expect(odds[3]).toBeLessThan(sureMissingAt);
  });

  it('weighs the evidence with the decision fitted on the acoustic model that gave it', () => {
    const eight = weighSaid(analysis, saidModelFor('en-us-8k'));
    const sixteen = weighSaid(analysis, saidModelFor('en-us-16k'));
    expect(sixteen[0]!.saidLogOdds).not.toBeCloseTo(eight[0]!.saidLogOdds, 3);
    expect(() => saidModelFor('en-gb')).toThrow(
      'No said decision is fitted for the acoustic model en-gb.',
    );
  });

  it("places a phone against its word, the answer and the phone's norms", () => {
    const word = heard[0]!;
    const values = phoneFeatures(
      word.phones[1]!,
      word,
      { gop: -1, accuracy: 1.7 },
      wordFeatures(analysis, 0, context),
      context,
    );
    expect(values.gop).toBeCloseTo(-4, 6);
    expect(values.relativeGop).toBeCloseTo(-3, 6);
    expect(values.gopVsWord).toBeCloseTo(-1, 6);
    expect(values.gopVsUtterance).toBeCloseTo(-4 - context.meanPhoneGop, 6);
    expect(values.typicalAccuracy).toBe(1.7);
    expect(values.utteranceAccuracy).toBe(7.5);
  });
});

describe('calibration context', () => {
  it("predicts each utterance's accuracy without its own speaker", () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({
      values: Object.fromEntries(
        ['meanGop', 'speechRate'].map((name, k) => [name, (i * (k + 3)) % 17]),
      ),
      accuracy: 3 + ((i * 3) % 17) / 3,
      fluency: 5,
      total: 5,
      group: `s${i % 10}`,
    }));
    const before = outOfFoldAccuracy(rows);
    // Changing one speaker's targets must not move that speaker's own predictions.
    const changed = rows.map((row) => (row.group === 's3' ? { ...row, accuracy: 0 } : row));
    const after = outOfFoldAccuracy(changed);
    rows.forEach((row, index) => {
      if (row.group === 's3') expect(after[index]).toBeCloseTo(before[index]!, 9);
    });
    expect(after.some((value, index) => Math.abs(value - before[index]!) > 1e-6)).toBe(true);
  });

  /** Three words read together, and the same with a 900 ms pause before the last. */
  function readingWithPause(): { together: SpeechAnalysis; paused: SpeechAnalysis } {
    const moved = (word: HeardWord, frames: number): HeardWord => ({
      ...word,
      startFrame: word.startFrame + frames,
      endFrame: word.endFrame + frames,
      phones: word.phones.map((phone) => ({
        ...phone,
        startFrame: phone.startFrame + frames,
        endFrame: phone.endFrame + frames,
      })),
    });
    const [first, second, third] = [
      wordWithGops(0, [-2, -4]),
      moved(wordWithGops(0, [-10]), 20),
      moved(wordWithGops(0, [-6, -6]), 30),
    ];
    const together = analysisOf('one two three', [first!, second!, third!]);
    const paused: SpeechAnalysis = {
      ...analysisOf('one two three', [first!, second!, moved(third!, 90)]),
      fillers: [{ text: '<sil>', startFrame: 30, endFrame: 119, acousticScore: 0 }],
    };
    return { together, paused };
  }

  it("reads the answer's accuracy for its words as if its inner pauses were not there", () => {
    const { together, paused } = readingWithPause();
    expect(innerPauses(paused)).toEqual([{ afterWord: 1, ms: 900 }]);
    const features = utteranceFeatures(paused);
    expect(features.pauseShare).toBeCloseTo(900 / 1400, 9);
    expect(withoutPauses(features)).toEqual(
      Object.fromEntries(
        Object.entries(utteranceFeatures(together)).map(([name, value]) => [
          name,
          expect.closeTo(value, 9),
        ]),
      ),
    );
    const calibration = loadCalibration('en-us-8k');
    expect(answerContext(paused, calibration).accuracy).toBeCloseTo(
      answerContext(together, calibration).accuracy,
      9,
    );
  });

  it("reads the answer's accuracy for its words as if the words left unsaid had not been asked", () => {
    const words = readingWithPause().together.heard.map((word, slot) => ({ ...word, slot }));
    const whole = analysisOf('one two three', words);
    const stopped = { ...analysisOf('one two three four five six', words), rejected: 2 };
    expect(utteranceFeatures(stopped)).toMatchObject({ completeness: 0.5, rejectedShare: 2 / 6 });
    const calibration = loadCalibration('en-us-8k');
    const wholeAccuracy = answerContext(whole, calibration).accuracy;
    expect(answerContext(stopped, calibration).accuracy).toBeCloseTo(wholeAccuracy, 9);
    // In doubt that the answer is the sentence, the unsaid words count: a chance match stays low.
    expect(answerContext(stopped, calibration, true).accuracy).toBeLessThan(wholeAccuracy - 0.5);
  });

  it('lets a pause cost fluency, not pronunciation', () => {
    const { together, paused } = readingWithPause();
    const calibration = loadCalibration('en-us-8k');
    const share = (target: 'accuracy' | 'fluency', analysis: SpeechAnalysis) =>
      utteranceShare(target, deliveryReadings(analysis, calibration));
    expect(share('accuracy', paused)).toBeCloseTo(share('accuracy', together), 9);
    expect(share('fluency', paused)).toBeLessThan(share('fluency', together) - 0.01);
  });

  it("lets the silence before a retelling's phrase cost fluency, not pronunciation", () => {
    const { paused } = readingWithPause();
    const delivery = (gapBeforeSeconds: number) =>
      phraseDelivery({
        analysis: {
          totalFrames: 300,
          phrases: [
            {
              analysis: paused,
              startFrame: 0,
              endFrame: 140,
              gapBeforeSeconds,
              followsPrompt: true,
              sentenceScore: 1,
              hesitations: [],
              silences: [],
              spotted: [],
            },
          ],
        },
        calibration: loadCalibration('en-us-8k'),
        cautions: [],
      });
    const [right, late] = [delivery(0), delivery(2)];
    expect(late.pronunciation.fraction).toBe(right.pronunciation.fraction);
    expect(late.fluency.fraction).toBeLessThan(right.fluency.fraction);
  });

  it("shrinks a rare phone's mean accuracy towards the overall mean", () => {
    const typical = typicalAccuracies([
      ...Array.from({ length: 100 }, (): [string, number] => ['AA', 2]),
      ['ZH', 0],
    ]);
    expect(typical.AA).toBeGreaterThan(1.9);
    expect(typical.ZH).toBeGreaterThan(1.5);
    expect(typical.ZH).toBeLessThan(2);
  });
});

/** The words of an rs result from `analysis`, 3 s long, on a scale of 5. */
function rsWords(analysis: SpeechAnalysis): Word[] {
  return sequenceWords({
    analysis,
    calibration: loadCalibration('en-us-8k'),
    scale: { scale: 5, precision: 0.1 },
    durationMs: 3000,
  });
}

describe('Repeat Sentence words said or Missing unsurely', () => {
  it('carry `unsure` on every word of the sentence, said or Missing', () => {
    const analysis = { ...analysisHearing('the quick brown fox', [0, 1, 3]), unsureSlots: [1, 2] };
    const words = rsWords(analysis);
    expect(
      words
        .filter((word) => word.label !== 'Pause')
        .map(({ word, label, unsure }) => [word, label === 'Missing', unsure]),
    ).toEqual([
      ['the', false, false],
      ['quick', false, true],
      ['brown', true, true],
      ['fox', false, false],
    ]);
  });
});

describe('Repeat Sentence words of a false start', () => {
  it('are shown as refText writes them, a word said in parts as one entry over its time', () => {
    const analysis = analysisHearing('In 1990 prices rose', []);
    analysis.falseStart = ['in', 'nineteen', 'ninety'].map((text, index) => ({
      text,
      startFrame: 10 + index * 20,
      endFrame: 25 + index * 20,
      acousticScore: -100,
    }));
    const words = rsWords(analysis);
    expect(
      words
        .filter((word) => word.label === 'Inserted')
        .map(({ word, start, end }) => [word, start, end]),
    ).toEqual([
      ['In', 100, 260],
      ['1990', 300, 660],
    ]);
    expect(words.filter((word) => word.label === 'Missing').map((word) => word.word)).toEqual([
      'In',
      '1990',
      'prices',
      'rose',
    ]);
  });
});
