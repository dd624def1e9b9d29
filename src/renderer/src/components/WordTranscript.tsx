import type { Word } from '../../../shared/contract';

interface WordTranscriptProps {
  words: Word[];
  /** Playback position in ms; the word spoken at that moment is highlighted. */
  positionMs?: number | null;
}

const LEGEND = ['Good', 'Average', 'Bad', 'Missing', 'Inserted', 'Pause'];

/** The answer word by word, coloured by the engine's label, with pauses shown in place. */
export function WordTranscript({ words, positionMs = null }: WordTranscriptProps) {
  if (words.length === 0) return <p className="muted">No words were recognised.</p>;
  return (
    <div className="transcript">
      <p className="transcript-words" aria-label="Transcript">
        {words.map((word, index) => (
          <WordToken key={index} word={word} current={isSpokenAt(word, positionMs)} />
        ))}
      </p>
      <ul className="legend" aria-label="Word colours">
        {LEGEND.map((label) => (
          <li key={label} className={`word label-${label.toLowerCase()}`}>
            {label}
          </li>
        ))}
      </ul>
    </div>
  );
}

function WordToken({ word, current }: { word: Word; current: boolean }) {
  const label = word.label.toLowerCase();
  if (word.label === 'Pause') {
    const duration = word.duration ?? 0;
    return (
      <span className="word label-pause" title={`Pause, ${duration} ms`}>
        ⏸ {(duration / 1000).toFixed(1)} s
      </span>
    );
  }
  const title = `${word.label}, pronunciation ${Math.round(word.pronunciation * 100) / 100}`;
  return (
    <span
      className={`word label-${label}${current ? ' word-current' : ''}`}
      title={title}
      data-label={word.label}
    >
      {word.word}
    </span>
  );
}

function isSpokenAt(word: Word, positionMs: number | null): boolean {
  return (
    positionMs !== null &&
    word.end > word.start &&
    positionMs >= word.start &&
    positionMs < word.end
  );
}
