import type { Task, Word } from '../../../shared/contract';
import { hesitationTitle, isHesitation } from '../../../shared/hesitation';
import { pauseLengthMs, shownPause } from '../../../shared/pause-length';
import { wordLegend } from '../../../shared/word-legend';

interface WordTranscriptProps {
  words: Word[];
  /** The attempt's task: in rl and di an `Inserted` entry is a hesitation, not a word. */
  task: Task;
  /** Playback position in ms; the word spoken at that moment is highlighted. */
  positionMs?: number | null;
  /** Plays one word; timed words become buttons when given. */
  onPlayWord?: (word: Word) => void;
}

/**
 * The answer word by word, coloured by the engine's label, with pauses shown in place with
 * their length when it is known, and (rl, di) hesitations as muted "um" marks.
 */
export function WordTranscript({
  words,
  task,
  positionMs = null,
  onPlayWord,
}: WordTranscriptProps) {
  if (words.length === 0) return <p className="muted">No words were recognised.</p>;
  return (
    <div className="transcript">
      <p className="transcript-words" aria-label="Transcript">
        {words.map((word, index) =>
          word.label === 'Pause' ? (
            !shownPause(words, index).hidden && (
              <PauseToken key={index} lengthMs={pauseLengthMs(words, index)} />
            )
          ) : (
            <WordToken
              key={index}
              word={word}
              hesitation={isHesitation(word, task)}
              current={isSpokenAt(word, positionMs)}
              onPlay={onPlayWord && word.end > word.start ? () => onPlayWord(word) : undefined}
            />
          ),
        )}
      </p>
      <Legend task={task} />
    </div>
  );
}

function Legend({ task }: { task: Task }) {
  return (
    <ul className="legend" aria-label="Word colours">
      {wordLegend(task).map((entry) => (
        <li
          key={entry.label}
          className={
            entry.hesitation ? 'word hesitation' : `word label-${entry.label.toLowerCase()}`
          }
        >
          {entry.name}
        </li>
      ))}
    </ul>
  );
}

/** A pause of 1 s or more is marked as long. An unknown length is not shown as 0. */
function PauseToken({ lengthMs }: { lengthMs: number | null }) {
  const long = lengthMs !== null && lengthMs >= 1000;
  const text = lengthMs === null ? 'pause' : `${(lengthMs / 1000).toFixed(1)} s`;
  const title =
    lengthMs === null
      ? 'Pause of unknown length'
      : `${long ? 'Long pause' : 'Pause'}, ${Math.round(lengthMs)} ms`;
  return (
    <span className={`word label-pause${long ? ' pause-long' : ''}`} title={title}>
      <span className="pause-mark" aria-hidden="true" /> {text}
    </span>
  );
}

function WordToken({
  word,
  hesitation,
  current,
  onPlay,
}: {
  word: Word;
  hesitation: boolean;
  current: boolean;
  onPlay: (() => void) | undefined;
}) {
  const look = hesitation ? 'hesitation' : `label-${word.label.toLowerCase()}`;
  const className = `word ${look}${current ? ' word-current' : ''}`;
  const unclear = word.label === 'Unclear';
  const title = hesitation
    ? hesitationTitle(word)
    : unclear
      ? unclearTitle(word)
      : `${word.label}, pronunciation ${Math.round(word.pronunciation * 100) / 100}`;
  const text = unclear ? 'unclear' : word.word;
  if (!onPlay) {
    return (
      <span className={className} title={title} data-label={word.label}>
        {text}
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
      {text}
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

/** Speech the engine heard but could not name (rl, di), with how long it lasted. */
export function unclearTitle(word: Word): string {
  const length = word.end > word.start ? `, ${word.end - word.start} ms` : '';
  return `Unclear speech${length}`;
}
