import type { ReactNode } from 'react';
import type { Word } from '../../../shared/contract';
import { examinerWordNote, type ExaminerWordChange } from '../../../shared/reference-words';
import { isSaidLabel } from '../../../shared/said-labels';
import { quotedWords } from '../../../shared/unsure-words';

/*
 * rs: how the examiner marks each word of the sentence said or not said on the transcript (a
 * tick beside every word while marking, a toggle in the unsure words' note) and how their
 * decisions read.
 */

/** rs: the examiner's marks of the sentence's words, and how to give one. */
export interface WordMarksView {
  /** Each word's mark by its place in the sentence; null until the examiner marked it. */
  said: ReadonlyArray<boolean | null>;
  /** A tick beside every word, to mark each one said or not said. */
  editing: boolean;
  busy: boolean;
  onMark: (position: number, said: boolean) => void;
}

/** While the examiner marks the words, each word of the sentence with its tick: said. */
export function WordWithTick({
  word,
  position,
  marks,
  children,
}: {
  word: Word;
  /** Its place in the sentence; null for a pause or an inserted word, which take no mark. */
  position: number | null;
  marks: WordMarksView | undefined;
  children: ReactNode;
}) {
  if (!marks?.editing || position === null) return children;
  const said = marks.said[position] ?? isSaidLabel(word.label);
  return (
    <span className="word-mark">
      {children}
      <input
        type="checkbox"
        className="word-said-box"
        aria-label={`${quotedWords([word])} said`}
        checked={said}
        disabled={marks.busy}
        onChange={(event) => marks.onMark(position, event.target.checked)}
      />
    </span>
  );
}

/**
 * Marks an unsure word the other way from the engine (pressed): a word it kept as said, not
 * said; a word it called `Missing`, said. Pressed again, the engine's decision is the mark.
 */
export function OverturnToggle({
  word,
  position,
  marks,
}: {
  word: Word;
  position: number;
  marks: WordMarksView;
}) {
  const engineSaid = isSaidLabel(word.label);
  const other = engineSaid ? 'not said' : 'said';
  const back = engineSaid ? 'said' : 'not said';
  const overturned = marks.said[position] === !engineSaid;
  return (
    <>
      {' '}
      <button
        type="button"
        className={`overturn-toggle${engineSaid ? '' : ' overturn-said'}`}
        aria-pressed={overturned}
        aria-label={`${word.word}: ${other}`}
        title={
          overturned
            ? `Marked ${other}: click to mark ${quotedWords([word])} ${back} again`
            : `Mark ${quotedWords([word])} ${other}: your content and overall follow`
        }
        disabled={marks.busy}
        onClick={() => marks.onMark(position, overturned ? engineSaid : !engineSaid)}
      >
        {other}
      </button>
    </>
  );
}

/** The legend's entries for the examiner's decisions the transcript shows, if any. */
export function ExaminerLegendEntries({
  changes,
}: {
  changes: ReadonlySet<ExaminerWordChange | null>;
}) {
  return EXAMINER_CHANGES.filter((change) => changes.has(change)).map((change) => (
    <li key={change} className={`word legend-examiner ${changeLook(change)}`}>
      {capitalised(examinerWordNote(change))}
    </li>
  ));
}

const EXAMINER_CHANGES: readonly ExaminerWordChange[] = ['not said', 'said'];

export function changeLook(change: ExaminerWordChange): string {
  return change === 'said' ? 'examiner-said' : 'examiner-not-said';
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
