import type { Attempt } from '../../../shared/app-api';
import type { Component } from '../../../shared/contract';
import { formatScore } from '../lib/format';

const COMPONENTS = [
  ['overall', 'Overall', 'overall'],
  ['content', 'Content', 'score_content'],
  ['pronunciation', 'Pronunciation', 'score_pronunciation'],
  ['fluency', 'Fluency', 'score_fluency'],
  ['words', 'Words', 'Words'],
] as const;

interface ScoreCardsProps {
  scores: Attempt['scores'];
  /** The response's components, for their maximum scores and suggestions. */
  details?: Component[];
}

export function ScoreCards({ scores, details = [] }: ScoreCardsProps) {
  const shown = COMPONENTS.filter(([key]) => scores[key] !== null);
  if (shown.length === 0) return null;
  return (
    <dl className="score-cards" aria-label="Scores">
      {shown.map(([key, label, wireName]) => {
        const detail = details.find((component) => component.name === wireName);
        return (
          <div key={key} className={key === 'overall' ? 'score-card score-overall' : 'score-card'}>
            <dt>{label}</dt>
            <dd>
              {formatScore(scores[key])}
              {detail && detail.maxScore > 0 && <small> / {detail.maxScore}</small>}
            </dd>
            {detail?.suggestion && <p className="score-suggestion">{detail.suggestion}</p>}
          </div>
        );
      })}
    </dl>
  );
}
