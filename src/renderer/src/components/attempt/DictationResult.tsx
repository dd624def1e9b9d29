import type { Word } from '../../../../shared/contract';
import { DICTATION_MARKS as MARKS } from '../../../../shared/word-legend';
import type { ResultDetail } from '../../lib/result-detail';

/** The sentence word by word, each marked correct, written wrongly or missed; then the answer. */
export function DictationResult({ result }: { result: ResultDetail }) {
  const notes = result.components.find((component) => component.name === 'Words')?.privateNotes;
  return (
    <div className="dictation-result">
      <h3>Sentence, word by word</h3>
      <p className="transcript-words" aria-label="Sentence words">
        {result.words.map((word, index) => (
          <DictationWord key={index} word={word} />
        ))}
      </p>
      <ul className="legend" aria-label="Word marks">
        {Object.entries(MARKS).map(([label, mark]) => (
          <li key={label} className={`word label-${label.toLowerCase()}`}>
            {mark.name}
          </li>
        ))}
      </ul>
      {notes && (
        <p className="dictation-notes">
          <span className="muted">Notes: </span>
          {notes}
        </p>
      )}
      <p className="transcription">
        <span className="muted">Written: </span>
        {result.transcription || <em className="muted">nothing</em>}
      </p>
    </div>
  );
}

function DictationWord({ word }: { word: Word }) {
  const mark = MARKS[word.label] ?? { name: word.label, title: word.label };
  return (
    <span
      className={`word label-${word.label.toLowerCase()}`}
      title={`${mark.name}: ${mark.title}`}
      data-label={word.label}
      aria-label={`${word.word}, ${mark.name.toLowerCase()}`}
    >
      {word.word}
    </span>
  );
}
