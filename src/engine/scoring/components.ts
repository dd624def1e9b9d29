import { COMPONENT_STATUS, type Component } from '../../shared/contract/envelope.js';
import {
  componentMax,
  componentScore,
  meanOverall,
  scoreFraction,
  type ScoreScale,
} from '../../shared/contract/quantize.js';

export interface ComponentInput {
  /** Share of the top mark, 0–1. */
  fraction: number;
  status: number;
  suggestion: string;
}

export interface SpeakingComponents {
  content: ComponentInput;
  /** The content component's top mark on the default scale of 5 (rs 3, rl/di 5). */
  contentNativeMax: number;
  pronunciation: ComponentInput;
  fluency: ComponentInput;
  /** Overall as a share of the scale, where the task defines it; else the components' mean. */
  overallShare?: number;
}

function component(
  name: string,
  input: ComponentInput,
  nativeMax: number,
  scale: ScoreScale,
): Component {
  const maxScore = componentMax(nativeMax, scale.scale);
  return {
    name,
    score: componentScore(input.fraction, maxScore, scale.precision),
    suggestion: input.suggestion,
    maxScore,
    status: input.status,
  };
}

/**
 * The three components in contract order, then `overall`: the task's overall share (or else
 * the mean of the three components' shares of their maxScore), times the scale, quantised;
 * `overall` carries maxScore 0 and the worst status of the three.
 */
export function speakingComponents(input: SpeakingComponents, scale: ScoreScale): Component[] {
  const parts = [
    component('score_content', input.content, input.contentNativeMax, scale),
    component('score_pronunciation', input.pronunciation, 5, scale),
    component('score_fluency', input.fluency, 5, scale),
  ];
  const overall: Component = {
    name: 'overall',
    score:
      input.overallShare === undefined
        ? meanOverall(
            parts.map((part) => ({ score: part.score, max: part.maxScore })),
            scale,
          )
        : scoreFraction(input.overallShare, scale),
    suggestion: null,
    maxScore: 0,
    status: Math.max(COMPONENT_STATUS.scored, ...parts.map((part) => part.status)),
  };
  return [...parts, overall];
}
