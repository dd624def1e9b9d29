import type { Word } from '../../../shared/contract';
import { pauseLengthMs } from '../../../shared/pause-length';

interface WordTranscriptProps {
  words: Word[];
  /** Playback position in ms; the word spoken at that moment is highlighted. */
  positionMs?: number | null;
  /** Plays one word; timed words become buttons when given. */
  onPlayWord?: (word: Word) => void;
}

const LEGEND = ['Good', 'Average', 'Bad', 'Missing', 'Inserted', 'Pause'];

/**
 * The answer word by word, coloured by the engine's label, with pauses (and hesitations)
 * shown in place with their length when it is known.
 */
export function WordTranscript({ words, positionMs = null, onPlayWord }: WordTranscriptProps) {
  if (words.length === 0) return <p className="muted">No words were recognised.</p>;
  return (
    <div className="transcript">
      <p className="transcript-words" aria-label="Transcript">
        {words.map((word, index) =>
          word.label === 'Pause' ? (
            <PauseToken key={index} lengthMs={pauseLengthMs(words, index)} />
          ) : (
            <WordToken
              key={index}
              word={word}
              current={isSpokenAt(word, positionMs)}
              onPlay={onPlayWord && word.end > word.start ? () => onPlayWord(word) : undefined}
            />
          ),
        )}
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

/** A pause of 1 s or more reads as a hesitation. An unknown length is not shown as 0. */
function PauseToken({ lengthMs }: { lengthMs: number | null }) {
  const long = lengthMs !== null && lengthMs >= 1000;
  const text = lengthMs === null ? 'pause' : `${(lengthMs / 1000).toFixed(1)} s`;
  const title =
    lengthMs === null
      ? 'Pause of unknown length'
      : `${long ? 'Hesitation' : 'Pause'}, ${Math.round(lengthMs)} ms`;
  return (
    <span className={`word label-pause${long ? ' pause-long' : ''}`} title={title}>
      <span className="pause-mark" aria-hidden="true" /> {text}
    </span>
  );
}

function WordToken({
  word,
  current,
  onPlay,
}: {
  word: Word;
  current: boolean;
  onPlay: (() => void) | undefined;
}) {
  const className = `word label-${word.label.toLowerCase()}${current ? ' word-current' : ''}`;
  const title = `${word.label}, pronunciation ${Math.round(word.pronunciation * 100) / 100}`;
  if (!onPlay) {
    return (
      <span className={className} title={title} data-label={word.label}>
        {word.word}
      </span>
    );
  }
  return (
    <button
      type="button"
      className={`${className} word-button`}
      title={`${title}. Click to hear it.`}
      data-label={word.label}
      onClick={onPlay}
    >
      {word.word}
    </button>
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
