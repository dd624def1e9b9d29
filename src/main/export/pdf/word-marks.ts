import { examinerWordNote } from '../../../shared/reference-words.js';
import type { ReferenceWordRow } from '../../store/attempt-reference-words.js';
import {
  wordMarkCounts,
  type AttemptSummaryRow,
  type WordMarkCounts,
} from '../../store/attempt-rows.js';
import { ensureSpace, formatScoreOf, heading, headingHeight, type Pdf } from './document.js';

/**
 * rs: the examiner's mark of each word of the sentence, by its place in it; empty when they
 * have not marked the words.
 */
export function examinerWordMarks(rows: readonly ReferenceWordRow[]): boolean[] {
  if (rows.some((row) => row.examiner_said === null)) return [];
  return rows.map((row) => row.examiner_said === 1);
}

/** The block's title, as `heading` draws it. */
export interface WordMarksTitle {
  text: string;
  size: number;
}

/**
 * rs, once the examiner marked the words: under `title`, how many each side found said, the
 * words the examiner decided otherwise, and whose content and overall the final marks are;
 * nothing before they marked them. The block is kept whole on one page.
 */
export function drawWordMarks(
  doc: Pdf,
  attempt: AttemptSummaryRow,
  title: WordMarksTitle = { text: 'Words marked by the examiner', size: 12 },
): void {
  const counts = wordMarkCounts(attempt.word_mark_counts);
  if (!counts) return;
  const lines = [headcount(counts), scoresText(attempt)];
  ensureSpace(
    doc,
    headingHeight(doc, title.text, title.size) +
      lines.reduce((height, line) => height + doc.heightOfString(line), 0),
  );
  heading(doc, title.text, title.size);
  for (const line of lines) doc.text(line);
}

/** "The engine heard 9 of 9 words; the examiner marked 8 said: “brown” not said (examiner)." */
function headcount(counts: WordMarkCounts): string {
  const engine = `The engine heard ${counts.engineSaid} of ${counts.total} words`;
  const examiner = `the examiner marked ${counts.examinerSaid} of ${counts.total} said`;
  const changes = counts.changed.map(({ text, change }) => `“${text}” ${examinerWordNote(change)}`);
  const differ = changes.length === 0 ? ', as the engine did' : `: ${changes.join(', ')}`;
  return `${engine}; ${examiner}${differ}.`;
}

/** Whose content and overall the report's final marks are. */
function scoresText(attempt: AttemptSummaryRow): string {
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
