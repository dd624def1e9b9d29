import { useId } from 'react';
import type { KeyPointsSuggestion } from '../../../shared/key-points';

/** The key points the content score found said and not said, as two labelled lists. */
export function KeyPoints({ points }: { points: KeyPointsSuggestion }) {
  return (
    <section className="key-points" aria-label="Key points">
      <KeyPointList name="Covered" items={points.covered} className="key-point-covered" />
      <KeyPointList name="Missed" items={points.missed} className="key-point-missed" />
    </section>
  );
}

function KeyPointList({
  name,
  items,
  className,
}: {
  name: string;
  items: string[];
  className: string;
}) {
  const heading = useId();
  return (
    <div className="key-point-group">
      <h4 id={heading}>
        {name} <small>({items.length})</small>
      </h4>
      {items.length === 0 ? (
        <p className="muted">None</p>
      ) : (
        <ul className="key-point-list" aria-labelledby={heading}>
          {items.map((item) => (
            <li key={item} className={`key-point ${className}`}>
              {item}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
