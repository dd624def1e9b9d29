import type { Candidate } from '../../../shared/app-api.js';
import { TASK_TITLES, TASKS, type Task } from '../../../shared/contract/endpoints.js';
import type { AttemptSummaryRow } from '../../store/attempt-rows.js';
import {
  COLORS,
  FONTS,
  ensureSpace,
  formatDate,
  formatScore,
  heading,
  keyValues,
  newDocument,
  type Pdf,
} from './document.js';
import { drawProgressChart } from './progress-chart.js';

/** A candidate's record: a summary per task, progress charts and every attempt (oldest first). */
export async function candidateReportPdf(
  candidate: Candidate,
  attempts: AttemptSummaryRow[],
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
  doc.end();
  return bytes;
}

function drawTaskSection(doc: Pdf, task: Task, attempts: AttemptSummaryRow[]): void {
  if (attempts.length === 0) return;
  const scored = attempts.filter((a) => a.status === 'scored' && a.overall !== null);
  heading(doc, TASK_TITLES[task]);
  const overall = scored.map((a) => a.overall as number);
  const average = overall.length ? overall.reduce((sum, v) => sum + v, 0) / overall.length : null;
  keyValues(doc, [
    ['Attempts', `${attempts.length} (${scored.length} scored)`],
    ['Average overall', formatScore(average)],
    ['Best overall', formatScore(overall.length ? Math.max(...overall) : null)],
    ['Latest overall', formatScore(overall.at(-1) ?? null)],
  ]);
  doc.moveDown(0.3);
  drawProgressChart(
    doc,
    scored.map((a) => ({ createdAt: a.created_at, overall: a.overall as number })),
    'Overall score per scored attempt, oldest first.',
  );
}

function drawAttemptList(doc: Pdf, attempts: AttemptSummaryRow[]): void {
  heading(doc, 'All attempts');
  const left = doc.page.margins.left;
  const columns = [left, left + 90, left + 250, left + 330, left + 400];
  doc.font(FONTS.bold).fontSize(9).fillColor(COLORS.muted);
  line(doc, columns, ['Date', 'Item', 'Task', 'Status', 'Overall']);
  doc.font(FONTS.regular).fillColor(COLORS.text);
  for (const a of attempts) {
    ensureSpace(doc, 14);
    line(doc, columns, [
      formatDate(a.created_at),
      a.item_title,
      a.task.toUpperCase(),
      a.status.replace('_', ' '),
      formatScore(a.overall),
    ]);
  }
  doc.x = left;
  doc.fontSize(10);
}

function line(doc: Pdf, columns: number[], cells: string[]): void {
  const y = doc.y;
  cells.forEach((cell, index) => {
    const x = columns[index] ?? 0;
    const width = (columns[index + 1] ?? doc.page.width - doc.page.margins.right) - x - 6;
    doc.text(cell, x, y, { width, lineBreak: false, ellipsis: true });
  });
  doc.y = y + 13;
}
