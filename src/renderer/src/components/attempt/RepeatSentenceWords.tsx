import type { AttemptDetail } from '../../../../shared/app-api';
import type { Word } from '../../../../shared/contract';
import { engineReferenceWords } from '../../../../shared/reference-words';
import { formatScoreOf } from '../../lib/format';
import { Notice } from '../Notice';
import { WordTranscript } from '../WordTranscript';
import { useWordMarks } from './use-word-marks';

interface RepeatSentenceWordsProps {
  attempt: AttemptDetail;
  words: Word[];
  positionMs: number | null;
  onPlayWord: (word: Word) => void;
}

/**
 * rs: the transcript, on which the examiner marks each word of the sentence said or not said
 * while listening (all of them in the marking mode, the unsure ones from their note), and the
 * content and overall their marks give beside the engine's.
 */
export function RepeatSentenceWords({
  attempt,
  words,
  positionMs,
  onPlayWord,
}: RepeatSentenceWordsProps) {
  const engine = engineReferenceWords(words);
  const marks = useWordMarks(attempt, engine);
  const markable = attempt.status === 'scored' && engine.length > 0;
  const { editing } = marks.view;
  return (
    <section className="word-marks" aria-label="Word by word">
      <div className="word-marks-header">
        <h3>Word by word</h3>
        {markable && (
          <button
            type="button"
            className={editing ? 'button-primary' : 'button-secondary'}
            aria-pressed={editing}
            onClick={() => marks.setEditing(!editing)}
          >
            {editing ? 'Done marking' : 'Mark words said or not'}
          </button>
        )}
      </div>
      {editing && (
        <p className="word-marks-hint">
          Tick each word the candidate said and untick any they did not: each mark is saved at once,
          and your content and overall follow. Click a word to hear it.
        </p>
      )}
      {marks.marked && attempt.mark && (
        <p className="word-mark-scores" data-testid="word-mark-scores">
          Examiner’s word marks: <strong>{marks.examinerSaid}</strong> of {engine.length} said{' '}
          <span className="muted">
            (engine {engine.filter((word) => word.said).length} of {engine.length})
          </span>{' '}
          · content{' '}
          <strong>{formatScoreOf(attempt.mark.scores.content, attempt.maxScores.content)}</strong>{' '}
          <span className="muted">
            (engine {formatScoreOf(attempt.scores.content, attempt.maxScores.content)})
          </span>{' '}
          · overall{' '}
          <strong>{formatScoreOf(attempt.mark.scores.overall, attempt.maxScores.overall)}</strong>{' '}
          <span className="muted">
            (engine {formatScoreOf(attempt.scores.overall, attempt.maxScores.overall)})
          </span>
        </p>
      )}
      <WordTranscript
        words={words}
        task="rs"
        positionMs={positionMs}
        onPlayWord={onPlayWord}
        marks={markable ? marks.view : undefined}
      />
      <Notice message={marks.error} />
    </section>
  );
}
