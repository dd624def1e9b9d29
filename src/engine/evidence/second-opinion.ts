/**
 * A second acoustic model's opinion on the words the first is not sure of. Two models
 * trained apart err apart: a word put into the reference that the learner did not say, which
 * one model's alignment can still squeeze onto the audio, is seldom supported by both. So the
 * words under the first model's sure bar (word-acceptance.ts) are decided again by a logistic
 * model over both models' evidence (said-model.ts, SECOND_OPINIONS); the words it is sure of
 * stand. Fitted and cross-validated by `tsx bench/so762-second-opinion.ts`.
 */
import type { AudioCaution } from '../audio/cautions.js';
import type { ModelName } from '../recognizer/models.js';
import { SECOND_OPINIONS } from './said-model.js';
import type { SpeechAnalysis } from './speech-analysis.js';
import {
  logOdds,
  saidFeatures,
  saidLogOdds,
  type SaidFeatures,
  type SaidModel,
  type SecondOpinionModel,
} from './word-acceptance.js';

export const SECOND_PREFIX = 'second.';

/** The second opinion fitted for the acoustic model `name`, if any. */
export function secondOpinionFor(name: ModelName): SecondOpinionModel | null {
  return SECOND_OPINIONS[name] ?? null;
}

/** Both models' evidence on one word, as the joint model reads it. */
export function jointFeatures(first: SaidFeatures, second: SaidFeatures): Record<string, number> {
  const joint: Record<string, number> = { ...first };
  for (const [name, value] of Object.entries(second)) joint[SECOND_PREFIX + name] = value;
  return joint;
}

/**
 * Whether the second model's reading of the answer can be trusted: not in noise. There the
 * second model (16 kHz) hears the noise's upper band, which the first never sees, and its
 * evidence fails: asked about speechocean762 readings under white noise 10 dB down, it would
 * call 38 of their 666 words the experts rated 5 or more Missing, against the first model's 14
 * (5 dB down: 132 against 38).
 */
export function hearsSecondModel(cautions: readonly AudioCaution[]): boolean {
  return !cautions.includes('noisy');
}

/**
 * Whether the second model's reading should be decoded again after the first model's false
 * start: the first heard one and the second did not. The second then aligned the sentence over
 * the false start and the pause ("just" 1.3 s long), and its verifier pulled a restarted reading
 * under the refusal bar (BENCHMARKS.md, "the 16 kHz model reading after the 8 kHz model's false
 * start").
 */
export function missedFalseStart(first: SpeechAnalysis, second: SpeechAnalysis): boolean {
  return first.falseStart.length > 0 && second.falseStart.length === 0;
}

/**
 * The second model's reading: the one decoded after the first model's false start where it
 * hears no fewer words than the reading alone. Where the first model's false start is the
 * reading's own start misheard, the reading decoded after it loses words the reader said.
 */
export function secondReading(
  alone: SpeechAnalysis,
  afterFalseStart: SpeechAnalysis | undefined,
): SpeechAnalysis {
  return afterFalseStart && afterFalseStart.heard.length >= alone.heard.length
    ? afterFalseStart
    : alone;
}

/**
 * Whether to ask: the first model's analysis holds an aligned word under its sure bar, and
 * the second model can be trusted on the answer (hearsSecondModel).
 */
export function needsSecondOpinion(
  analysis: SpeechAnalysis,
  first: SaidModel,
  cautions: readonly AudioCaution[],
): boolean {
  if (!hearsSecondModel(cautions)) return false;
  const sure = logOdds(first.sureThreshold);
  return analysis.aligned.some((word) => word.phones.length > 0 && word.saidLogOdds < sure);
}

/**
 * The first analysis with its words said decided again: a word the first model is sure of stays
 * said; one it is not sure of is said when the joint model, given both analyses of the same slot,
 * says so, and is then said unsurely (the examiner should still listen); under the joint bar it
 * is `Missing`, unsurely over the joint sure-Missing bar. A slot the second model did not align
 * keeps the first model's decision.
 */
export function withSecondOpinion(
  first: SpeechAnalysis,
  firstModel: SaidModel,
  second: SpeechAnalysis,
  joint: SecondOpinionModel,
): SpeechAnalysis {
  const sure = logOdds(firstModel.sureThreshold);
  const secondIndex = new Map(
    second.aligned.flatMap((word, index) => (word.phones.length > 0 ? [[word.slot, index]] : [])),
  );
  const firstHeard = new Set(first.heard.map((word) => word.slot));
  const firstUnsure = new Set(first.unsureSlots);
  const decisions = first.aligned.map((word, index) => {
    const other = secondIndex.get(word.slot);
    if (word.phones.length === 0 || word.saidLogOdds >= sure || other === undefined)
      return { word, said: firstHeard.has(word.slot), unsure: firstUnsure.has(word.slot) };
    const evidence = jointFeatures(saidFeatures(first, index), saidFeatures(second, other));
    const odds = saidLogOdds(evidence, joint);
    const said = odds >= logOdds(joint.threshold);
    return { word, said, unsure: said || odds >= logOdds(joint.sureMissingThreshold) };
  });
  return {
    ...first,
    heard: decisions.filter(({ said }) => said).map(({ word }) => word),
    unsureSlots: decisions.filter(({ unsure }) => unsure).map(({ word }) => word.slot),
  };
}

/**
 * The first analysis as the engine gives it: decided again with the second model's analysis of
 * the same answer (none: not made) when needsSecondOpinion says to ask.
 */
export function reconsidered(
  first: SpeechAnalysis,
  firstModel: SaidModel,
  cautions: readonly AudioCaution[],
  joint: SecondOpinionModel,
  second: SpeechAnalysis | undefined,
): SpeechAnalysis {
  if (!second || !needsSecondOpinion(first, firstModel, cautions)) return first;
  return withSecondOpinion(first, firstModel, second, joint);
}
