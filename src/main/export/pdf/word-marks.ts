import {
  examinerWordChange,
  examinerWordNote,
  type ExaminerWordChange,
} from '../../../shared/reference-words.js';
import type { ReferenceWordRow } from '../../store/attempt-reference-words.js';
import type { AttemptRow } from '../../store/attempt-rows.js';
import { formatScoreOf, heading, type Pdf } from './document.js';

/**
 * rs: the examiner's mark of each word of the sentence, by its place in it; empty when they
 * have not marked the words.
 */
export function examinerWordMarks(rows: readonly ReferenceWordRow[]): boolean[] {
  if (rows.some((row) => row.examiner_said === null)) return [];
  return rows.map((row) => row.examiner_said === 1);
}

/**
 * rs, once the examiner marked the words: how many each side found said, the words the
 * examiner decided otherwise, and that content and overall are the examiner's.
 */
export function drawWordMarks(
  doc: Pdf,
  attempt: AttemptRow,
  rows: readonly ReferenceWordRow[],
): void {
  const marks = examinerWordMarks(rows);
  if (marks.length === 0) return;
  heading(doc, 'Words marked by the examiner', 12);
  doc.text(headcount(rows, marks));
  doc.text(scoresText(attempt));
}

/** "The engine heard 9 of 9 words; the examiner marked 8 said: “brown” not said (examiner)." */
function headcount(rows: readonly ReferenceWordRow[], marks: readonly boolean[]): string {
  const engineSaid = rows.filter((row) => row.engine_said === 1).length;
  const engine = `The engine heard ${engineSaid} of ${rows.length} words`;
  const examiner = `the examiner marked ${marks.filter(Boolean).length} of ${rows.length} said`;
  const changes = rows.flatMap((row, position) => {
    const change = examinerWordChange(row.engine_said === 1, marks[position]!);
    return change ? [changeText(row.text, change)] : [];
  });
  const differ = changes.length === 0 ? ', as the engine did' : `: ${changes.join(', ')}`;
  return `${engine}; ${examiner}${differ}.`;
}

function changeText(word: string, change: ExaminerWordChange): string {
  return `“${word}” ${examinerWordNote(change)}`;
}

/** Whose content and overall the report's final marks are. */
function scoresText(attempt: AttemptRow): string {
  const content = formatScoreOf(attempt.mark_content, attempt.content_max);
  const overall = formatScoreOf(attempt.mark_overall, attempt.overall_max);
  if (attempt.mark_confirmed === 1) {
    return `The examiner’s marks confirm the engine’s content ${content} and overall ${overall}.`;
  }
  const engineContent = formatScoreOf(attempt.content, attempt.content_max);
  const engineOverall = formatScoreOf(attempt.overall, attempt.overall_max);
  return (
    `Content ${content} and overall ${overall} are the examiner’s ` +
    `(the engine gave content ${engineContent} and overall ${engineOverall}).`
  );
}
