import type { Attempt } from '../../../shared/app-api';
import type { Component } from '../../../shared/contract';
import { suggestionSummary } from '../../../shared/key-points';
import { formatScore } from '../lib/format';

export const SCORE_COMPONENTS = [
  ['overall', 'Overall'],
  ['content', 'Content'],
  ['pronunciation', 'Pronunciation'],
  ['fluency', 'Fluency'],
  ['words', 'Words'],
] as const;

const WIRE_NAMES: Record<string, string> = {
  overall: 'overall',
  content: 'score_content',
  pronunciation: 'score_pronunciation',
  fluency: 'score_fluency',
  words: 'Words',
};

interface ScoreCardsProps {
  scores: Attempt['scores'];
  maxScores: Attempt['maxScores'];
  /** The response's components, for their suggestions. */
  details?: Component[];
  label?: string;
  /** The key points are listed beside the cards (rl, di): content's suggestion drops its lists. */
  listsKeyPoints?: boolean;
}

/**
 * Every score with its maximum: "3.6 / 5", "Words 8 / 11". A content suggestion that lists
 * key points (rl, di) shows only its summary: the key points are listed on their own.
 */
export function ScoreCards({
  scores,
  maxScores,
  details = [],
  label = 'Scores',
  listsKeyPoints = false,
}: ScoreCardsProps) {
  const shown = SCORE_COMPONENTS.filter(([key]) => scores[key] !== null);
  if (shown.length === 0) return null;
  return (
    <dl className="score-cards" aria-label={label}>
      {shown.map(([key, name]) => {
        const detail = details.find((component) => component.name === WIRE_NAMES[key]);
        const suggestion =
          key === 'content' && listsKeyPoints && detail?.suggestion
            ? suggestionSummary(detail.suggestion)
            : detail?.suggestion;
        const max = maxScores[key];
        return (
          <div key={key} className={key === 'overall' ? 'score-card score-overall' : 'score-card'}>
            <dt>{name}</dt>
            <dd>
              {formatScore(scores[key])}
              {max !== null && <small> / {formatScore(max)}</small>}
            </dd>
            {suggestion && <p className="score-suggestion">{suggestion}</p>}
          </div>
        );
      })}
    </dl>
  );
}
