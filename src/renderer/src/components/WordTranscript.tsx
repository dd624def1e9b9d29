import type { Task, Word } from '../../../shared/contract';
import { hesitationTitle, isHesitation } from '../../../shared/hesitation';
import { pauseLengthMs, shownPause } from '../../../shared/pause-length';
import {
  examinerWordChange,
  referenceWordPositions,
  type ExaminerWordChange,
} from '../../../shared/reference-words';
import { missingWordSpan } from '../../../shared/missing-word-span';
import { isSaidLabel } from '../../../shared/said-labels';
import {
  isUnsure,
  quotedWords,
  UNSURE_NOTE_LEAD,
  UNSURE_TITLE,
  unsureReason,
} from '../../../shared/unsure-words';
import { wordLegend, type LegendEntry } from '../../../shared/word-legend';
import {
  changeLook,
  ExaminerLegendEntries,
  OverturnToggle,
  WordWithTick,
  type WordMarksView,
} from './WordMarkControls';

interface WordTranscriptProps {
  words: Word[];
  /** The attempt's task: in rl and di an `Inserted` entry is a hesitation, not a word. */
  task: Task;
  /** Playback position in ms; the word spoken at that moment is highlighted. */
  positionMs?: number | null;
  /** Plays one word; timed words become buttons when given. */
  onPlayWord?: (word: Word) => void;
  /** rs: the examiner's word marks, shown on the words and given from them when present. */
  marks?: WordMarksView;
}

/** A word of the transcript with its place in the sentence (null: a pause or an inserted word). */
interface Entry {
  word: Word;
  index: number;
  position: number | null;
}

/**
 * The answer word by word, coloured by the engine's label, with pauses shown in place with
 * their length when it is known, (rl, di) hesitations as muted "um" marks, and (rs) the words
 * whose said decision the engine is not sure of marked and listed, to be listened for. (rs)
 * Given `marks`, a word the examiner decided otherwise than the engine is struck through (not
 * said) or not (said) with the engine's colour kept, and each word can be marked from the
 * transcript or, for the unsure ones, from their note.
 */
export function WordTranscript({
  words,
  task,
  positionMs = null,
  onPlayWord,
  marks,
}: WordTranscriptProps) {
  if (words.length === 0) return <p className="muted">No words were recognised.</p>;
  // A word Missing unsurely has no time of its own: it plays the words around it.
  const playable = ({ word, index }: Entry) => {
    if (!onPlayWord) return undefined;
    if (word.end > word.start) return () => onPlayWord(word);
    if (word.label === 'Missing' && isUnsure(word, task))
      return () => onPlayWord({ ...word, ...missingWordSpan(words, index) });
    return undefined;
  };
  const positions = task === 'rs' ? referenceWordPositions(words) : [];
  const entries: Entry[] = words.map((word, index) => ({
    word,
    index,
    position: positions[index] ?? null,
  }));
  const changeOf = ({ word, position }: Entry) =>
    marks && position !== null
      ? examinerWordChange(isSaidLabel(word.label), marks.said[position] ?? null)
      : null;
  return (
    <div className="transcript">
      <p className="transcript-words" aria-label="Transcript">
        {entries.map((entry) =>
          entry.word.label === 'Pause' ? (
            !shownPause(words, entry.index).hidden && (
              <PauseToken key={entry.index} lengthMs={pauseLengthMs(words, entry.index)} />
            )
          ) : (
            <WordWithTick
              key={entry.index}
              word={entry.word}
              position={entry.position}
              marks={marks}
            >
              <WordToken
                word={entry.word}
                hesitation={isHesitation(entry.word, task)}
                unsure={isUnsure(entry.word, task)}
                change={changeOf(entry)}
                current={isSpokenAt(entry.word, positionMs)}
                onPlay={playable(entry)}
              />
            </WordWithTick>
          ),
        )}
      </p>
      <UnsureNote
        entries={entries.filter((entry) => isUnsure(entry.word, task))}
        playable={playable}
        marks={marks}
      />
      <Legend task={task} changes={new Set(entries.map(changeOf))} />
    </div>
  );
}

/**
 * rs: the words to listen for before trusting the engine's decision, each played by a click
 * when it can be and, given `marks`, with a toggle that marks it the other way (not said, or
 * said where the engine called it `Missing`).
 */
function UnsureNote({
  entries,
  playable,
  marks,
}: {
  entries: Entry[];
  playable: (entry: Entry) => (() => void) | undefined;
  marks: WordMarksView | undefined;
}) {
  if (entries.length === 0) return null;
  return (
    <p className="unsure-note" data-testid="unsure-note">
      <span className="unsure-note-mark" aria-hidden="true" /> {UNSURE_NOTE_LEAD}{' '}
      {entries.map((entry, index) => (
        <span key={entry.index}>
          {index > 0 && ', '}
          <QuotedWord word={entry.word} onPlay={playable(entry)} />
          {marks && entry.position !== null && (
            <OverturnToggle word={entry.word} position={entry.position} marks={marks} />
          )}
        </span>
      ))}{' '}
      — {unsureReason(entries.length)}
    </p>
  );
}

function QuotedWord({ word, onPlay }: { word: Word; onPlay: (() => void) | undefined }) {
  const quoted = quotedWords([word]);
  if (!onPlay) return <>{quoted}</>;
  const title = word.label === 'Missing' ? `Play the words around ${quoted}` : `Play ${quoted}`;
  return (
    <button type="button" className="link-button" title={title} onClick={onPlay}>
      {quoted}
    </button>
  );
}

/** The word colours, and (rs) the examiner's decisions that the transcript shows. */
function Legend({
  task,
  changes,
}: {
  task: Task;
  changes: ReadonlySet<ExaminerWordChange | null>;
}) {
  return (
    <ul className="legend" aria-label="Word colours">
      {wordLegend(task).map((entry) => (
        <li key={entry.label} className={legendLook(entry)}>
          {entry.name}
        </li>
      ))}
      <ExaminerLegendEntries changes={changes} />
    </ul>
  );
}

function legendLook(entry: LegendEntry): string {
  if (entry.hesitation) return 'word hesitation';
  if (entry.label === 'Unsure') return 'word word-unsure legend-unsure';
  return `word label-${entry.label.toLowerCase()}`;
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
  unsure,
  change,
  current,
  onPlay,
}: {
  word: Word;
  hesitation: boolean;
  unsure: boolean;
  /** rs: the examiner's mark where it overturns the engine's judgement. */
  change: ExaminerWordChange | null;
  current: boolean;
  onPlay: (() => void) | undefined;
}) {
  const look = hesitation ? 'hesitation' : `label-${word.label.toLowerCase()}`;
  const className =
    `word ${look}${unsure ? ' word-unsure' : ''}` +
    `${change ? ` ${changeLook(change)}` : ''}${current ? ' word-current' : ''}`;
  const engineTitle = wordTitle(word, hesitation, unsure);
  const title = change ? `${engineTitle}. Examiner: ${change}` : engineTitle;
  const text = word.label === 'Unclear' ? 'unclear' : word.word;
  const marks = {
    'data-label': word.label,
    'data-unsure': unsure ? 'true' : undefined,
    'data-examiner': change ?? undefined,
  };
  if (!onPlay) {
    return (
      <span className={className} title={title} {...marks}>
        {text}
      </span>
    );
  }
  return (
    <button
      type="button"
      className={`${className} word-button`}
      title={`${title}. ${word.label === 'Missing' ? 'Click to hear the words around it.' : 'Click to hear it.'}`}
      {...marks}
      onClick={onPlay}
    >
      {text}
    </button>
  );
}

function wordTitle(word: Word, hesitation: boolean, unsure: boolean): string {
  if (hesitation) return hesitationTitle(word);
  if (word.label === 'Unclear') return unclearTitle(word);
  const scored = `${word.label}, pronunciation ${Math.round(word.pronunciation * 100) / 100}`;
  return unsure ? `${scored}. ${UNSURE_TITLE}` : scored;
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
