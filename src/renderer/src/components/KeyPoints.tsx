import type { StoredKeyPoint } from '../../../shared/app-api';
import type { EngineKeyPoint } from '../../../shared/key-points';
import { api } from '../bridge';
import { usePendingMarks } from '../hooks/use-pending-marks';
import { formatScoreOf } from '../lib/format';
import { Notice } from './Notice';

interface KeyPointsProps {
  attemptId: number;
  /** The engine's key points, in the request's order. */
  points: EngineKeyPoint[];
  /** The key points stored with the result, with the examiner's marks (empty: none stored). */
  stored: StoredKeyPoint[];
  /** Plays the stretch where the engine heard a point. */
  onPlay?: (start: number, end: number) => void;
  /** The examiner may mark each point heard or not heard. */
  markable: boolean;
  /** Content as the engine scored it and as the examiner's marks give it (null: no mark). */
  content: { engine: number | null; examiner: number | null; max: number | null };
}

/**
 * The key points of an rl or di result in the request's order: whether the engine heard each
 * one (with its confidence and a button that plays where), and the examiner's own mark, which
 * is saved as soon as it is given and recomputes their content mark.
 */
export function KeyPoints({
  attemptId,
  points,
  stored,
  onPlay,
  markable,
  content,
}: KeyPointsProps) {
  const saved = points.map((point, index) => stored[index]?.examinerHeard ?? null);
  const save = usePendingMarks(saved, (heard) =>
    api.call('attempts.markKeyPoints', { id: attemptId, heard }),
  );
  const marks = save.marks;
  const engineMarks = points.map((point) => point.heard);
  const mark = (index: number, heard: boolean) => save.mark(index, heard, engineMarks);
  const engineHeard = points.filter((point) => point.heard).length;
  const marked = marks.every((value) => value !== null);
  const examinerHeard = marks.filter((value) => value === true).length;
  return (
    <section className="key-points" aria-label="Key points">
      <h4>
        Key points{' '}
        <small data-testid="key-point-counts">
          engine heard {engineHeard} of {points.length}
          {marked && points.length > 0 && `, examiner ${examinerHeard} of ${points.length}`}
        </small>
      </h4>
      {marked && content.examiner !== null && (
        <p className="key-point-content" data-testid="examiner-content">
          Content with the examiner’s marks:{' '}
          <strong>{formatScoreOf(content.examiner, content.max)}</strong>{' '}
          <span className="muted">(engine {formatScoreOf(content.engine, content.max)})</span>
        </p>
      )}
      <table className="key-point-table" aria-label="Key points heard">
        <thead>
          <tr>
            <th scope="col">Key point</th>
            <th scope="col">Engine</th>
            <th scope="col">Examiner</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point, index) => (
            <tr
              key={index}
              data-engine-heard={point.heard}
              data-examiner-heard={marks[index] === null ? '' : String(marks[index])}
            >
              <th scope="row" className="key-point-text">
                {point.text}
              </th>
              <td>
                <EngineVerdict point={point} onPlay={onPlay} />
              </td>
              <td>
                {markable ? (
                  <ExaminerToggle
                    text={point.text}
                    value={marks[index] ?? null}
                    busy={save.busy}
                    onMark={(heard) => mark(index, heard)}
                  />
                ) : (
                  <span className="muted">{examinerWord(marks[index] ?? null)}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Notice message={save.error} />
    </section>
  );
}

function EngineVerdict({
  point,
  onPlay,
}: {
  point: EngineKeyPoint;
  onPlay: ((start: number, end: number) => void) | undefined;
}) {
  if (!point.heard) return <span className="key-point-verdict key-point-missed">Not heard</span>;
  const timed = point.end > point.start;
  return (
    <span className="key-point-verdict key-point-covered">
      Heard
      {point.confidence !== null && (
        <span className="muted" title="How sure the engine is that it was said">
          {' '}
          · {Math.round(point.confidence * 100)}% sure
        </span>
      )}
      {point.order === 'out of place' && (
        <span
          className="key-point-out-of-place"
          title="Heard out of the lecture’s order: it holds back part of the content mark"
        >
          {' '}
          · out of order
        </span>
      )}
      {timed && onPlay && (
        <button
          type="button"
          className="button-quiet key-point-play"
          aria-label={`Play “${point.text}”`}
          title={`Play where it was heard, ${(point.start / 1000).toFixed(1)}–${(point.end / 1000).toFixed(1)} s`}
          onClick={() => onPlay(point.start, point.end)}
        >
          ▶ {(point.start / 1000).toFixed(1)} s
        </button>
      )}
    </span>
  );
}

function ExaminerToggle({
  text,
  value,
  busy,
  onMark,
}: {
  text: string;
  value: boolean | null;
  busy: boolean;
  onMark: (heard: boolean) => void;
}) {
  return (
    <span className="key-point-toggle" role="group" aria-label={`Examiner: ${text}`}>
      <button
        type="button"
        className={value === true ? 'toggle-on toggle-heard' : 'toggle-off'}
        aria-pressed={value === true}
        disabled={busy}
        onClick={() => onMark(true)}
      >
        Heard
      </button>
      <button
        type="button"
        className={value === false ? 'toggle-on toggle-not-heard' : 'toggle-off'}
        aria-pressed={value === false}
        disabled={busy}
        onClick={() => onMark(false)}
      >
        Not heard
      </button>
    </span>
  );
}

function examinerWord(value: boolean | null): string {
  return value === null ? 'Not marked' : value ? 'Heard' : 'Not heard';
}
