import type { Candidate } from '../../../shared/app-api.js';
import { TASK_TITLES, TASKS, type Task } from '../../../shared/contract/endpoints.js';
import { wordMarkCounts, type AttemptSummaryRow } from '../../store/attempt-rows.js';
import {
  COLORS,
  FONTS,
  ensureSpace,
  formatDate,
  formatScoreOf,
  heading,
  keyValues,
  newDocument,
  rowHeight,
  tableRow,
  type Pdf,
} from './document.js';
import { STATUS_WORDS } from './status-words.js';
import { CHART_BLOCK_HEIGHT, drawProgressChart } from './progress-chart.js';
import { drawKeyPointTable, type KeyPointReport } from './key-point-table.js';
import { drawWordMarks } from './word-marks.js';

/** A task's heading, its four summary lines and its chart stay together on one page. */
const TASK_SECTION_HEIGHT = 40 + 4 * 14 + CHART_BLOCK_HEIGHT;

/** The key points section's heading and note stay with the first attempt's title and rows. */
const KEY_POINTS_OPENING_HEIGHT = 180;

/** The word marks section's heading and note stay with the first attempt's block. */
const WORD_MARKS_OPENING_HEIGHT = 120;

/**
 * A candidate's record: a summary per task, progress charts, every attempt (oldest first), the
 * key points of each Retell Lecture and Describe Image (`keyPoints`, by attempt id) and the
 * word marks of each Repeat Sentence whose words the examiner marked.
 */
export async function candidateReportPdf(
  candidate: Candidate,
  attempts: AttemptSummaryRow[],
  keyPoints: ReadonlyMap<number, KeyPointReport> = new Map(),
): Promise<Buffer> {
  const { doc, bytes } = newDocument(`Candidate report – ${candidate.name}`);
  doc.font(FONTS.bold).fontSize(18).fillColor(COLORS.text).text('Examiner – candidate report');
  doc.font(FONTS.regular).fontSize(10).moveDown(0.5);
  keyValues(doc, [
    ['Candidate', candidate.name],
    ['Reference', candidate.reference || '—'],
    ['Attempts', String(attempts.length)],
  ]);
  if (candidate.notes)
    doc.moveDown(0.3).fillColor(COLORS.muted).text(candidate.notes).fillColor(COLORS.text);
  for (const task of TASKS)
    drawTaskSection(
      doc,
      task,
      attempts.filter((a) => a.task === task),
    );
  drawAttemptList(doc, attempts);
  drawKeyPoints(doc, attempts, keyPoints);
  drawWordMarkSection(doc, attempts);
  doc.end();
  return bytes;
}

function drawTaskSection(doc: Pdf, task: Task, attempts: AttemptSummaryRow[]): void {
  if (attempts.length === 0) return;
  const scored = attempts.filter((a) => a.status === 'scored' && a.overall !== null);
  ensureSpace(doc, TASK_SECTION_HEIGHT);
  heading(doc, TASK_TITLES[task]);
  const points = scored.map((a) => ({
    createdAt: a.created_at,
    overall: finalOverall(a) as number,
    max: a.overall_max,
  }));
  const shares = points.filter((p) => p.max).map((p) => p.overall / (p.max as number));
  const average = shares.length ? shares.reduce((sum, v) => sum + v, 0) / shares.length : null;
  const best = points.reduce<(typeof points)[number] | null>(
    (top, p) => (!top || (p.max && top.max && p.overall / p.max > top.overall / top.max) ? p : top),
    null,
  );
  const latest = points.at(-1) ?? null;
  keyValues(doc, [
    ['Attempts', `${attempts.length} (${scored.length} scored)`],
    ['Average overall', average === null ? '—' : `${Math.round(average * 100)} % of the maximum`],
    ['Best overall', best ? formatScoreOf(best.overall, best.max) : '—'],
    ['Latest overall', latest ? formatScoreOf(latest.overall, latest.max) : '—'],
  ]);
  doc.moveDown(0.3);
  drawProgressChart(doc, points, 'Final overall score per scored attempt, oldest first.');
}

function drawAttemptList(doc: Pdf, attempts: AttemptSummaryRow[]): void {
  heading(doc, 'All attempts');
  const left = doc.page.margins.left;
  const columns = [left, left + 80, left + 250, left + 350, left + 430];
  doc.font(FONTS.bold).fontSize(9).fillColor(COLORS.muted);
  tableRow(doc, columns, ['Date', 'Item', 'Task', 'Status', 'Final overall']);
  doc.font(FONTS.regular).fillColor(COLORS.text);
  for (const a of attempts) {
    const cells = [
      formatDate(a.created_at),
      a.item_title,
      TASK_TITLES[a.task],
      STATUS_WORDS[a.status],
      formatScoreOf(finalOverall(a), a.overall_max),
    ];
    ensureSpace(doc, rowHeight(doc, columns, cells));
    tableRow(doc, columns, cells);
  }
  doc.x = left;
  doc.fontSize(10);
}

/** Each rl and di attempt's key points, under its date, item and task. */
function drawKeyPoints(
  doc: Pdf,
  attempts: AttemptSummaryRow[],
  keyPoints: ReadonlyMap<number, KeyPointReport>,
): void {
  const listed = attempts.filter((a) => keyPoints.has(a.id));
  if (listed.length === 0) return;
  ensureSpace(doc, KEY_POINTS_OPENING_HEIGHT);
  heading(doc, 'Key points');
  doc
    .fillColor(COLORS.muted)
    .text(
      'Retell Lecture and Describe Image: each key point as the engine judged it and as the ' +
        'examiner marked it, and the content each gives.',
    )
    .fillColor(COLORS.text);
  for (const attempt of listed) {
    drawKeyPointTable(
      doc,
      {
        text: `${formatDate(attempt.created_at)} · ${attempt.item_title} (${TASK_TITLES[attempt.task]})`,
        size: 11,
      },
      keyPoints.get(attempt.id) as KeyPointReport,
    );
  }
}

/** Each rs attempt whose words the examiner marked, under its date and item. */
function drawWordMarkSection(doc: Pdf, attempts: AttemptSummaryRow[]): void {
  const listed = attempts.filter(
    (a) => a.status === 'scored' && wordMarkCounts(a.word_mark_counts) !== null,
  );
  if (listed.length === 0) return;
  ensureSpace(doc, WORD_MARKS_OPENING_HEIGHT);
  heading(doc, 'Words marked by the examiner');
  doc
    .fillColor(COLORS.muted)
    .text(
      'Repeat Sentence answers whose words the examiner marked said or not said: how many ' +
        'words the engine and the examiner found said, the words the examiner judged otherwise, ' +
        'and whose content and overall the final marks are.',
    )
    .fillColor(COLORS.text);
  for (const attempt of listed) {
    drawWordMarks(doc, attempt, {
      text: `${formatDate(attempt.created_at)} · ${attempt.item_title} (${TASK_TITLES[attempt.task]})`,
      size: 11,
    });
  }
}

/** The examiner's overall when they marked the attempt, else the engine's. */
function finalOverall(attempt: AttemptSummaryRow): number | null {
  return attempt.mark_confirmed !== null ? attempt.mark_overall : attempt.overall;
}
