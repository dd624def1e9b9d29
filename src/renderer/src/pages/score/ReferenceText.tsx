import { useState } from 'react';
import type { Item } from '../../../../shared/app-api';

/**
 * The item's reference text, for the examiner only: the exam never shows it to the
 * candidate (they hear the sentence or lecture, or see the picture), so it stays hidden
 * until the examiner reveals it.
 */
export function ReferenceText({ item }: { item: Item }) {
  const [shown, setShown] = useState(false);
  return (
    <section className="examiner-panel" aria-label="Examiner's view">
      <div className="examiner-panel-header">
        <span className="muted">Examiner&apos;s view</span>
        <button type="button" className="button-quiet" onClick={() => setShown(!shown)}>
          {shown ? 'Hide text' : 'Reveal text'}
        </button>
      </div>
      {shown && (
        <div className="reference-text">
          <p>{item.refText}</p>
          {item.keywords.length > 0 && (
            <ul className="key-point-list" aria-label="Keywords">
              {item.keywords.map((keyword, index) => (
                <li key={index} className="chip">
                  {keyword}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
