import type { SittingSummary } from '../../shared/app-api.js';
import { TASK_TITLES } from '../../shared/contract/endpoints.js';
import { formatShare } from '../../shared/format-share.js';
import { sittingTotalNote } from '../../shared/sitting-counts.js';
import {
  COLORS,
  FONTS,
  ensureSpace,
  formatDate,
  formatScore,
  formatScoreOf,
  heading,
  keyValues,
  newDocument,
  rowHeight,
  tableRow,
  type Pdf,
} from '../export/pdf/document.js';
import { STATUS_WORDS } from '../export/pdf/status-words.js';

/** The sitting on paper: who, when, the summary per task and overall, then every item. */
export async function sittingReportPdf(summary: SittingSummary): Promise<Buffer> {
  const { sitting } = summary;
  const { doc, bytes } = newDocument(`Mock test – ${sitting.candidateName}`);
  doc.font(FONTS.bold).fontSize(18).fillColor(COLORS.text).text('Examiner – mock test sitting');
  doc.font(FONTS.regular).fontSize(10).moveDown(0.5);
  keyValues(doc, [
    ['Candidate', sitting.candidateName],
    ['Started', formatDate(sitting.createdAt)],
    ['Finished', sitting.finishedAt ? formatDate(sitting.finishedAt) : 'not finished'],
    ['Items', String(sitting.steps.length)],
    ['Overall, share of the maximum (mean of the tasks)', formatShare(summary.overallShare)],
    ['Scored', sittingTotalNote(summary)],
  ]);
  heading(doc, 'By task');
  const left = doc.page.margins.left;
  table(
    doc,
    [left, left + 170, left + 250, left + 320],
    ['Task', 'Answered', 'Scored', 'Mean, of the maximum'],
    summary.tasks.map((task) => [
      TASK_TITLES[task.task],
      String(task.answered),
      String(task.scored),
      formatShare(task.meanShare),
    ]),
  );
  heading(doc, 'Items, in the order sat');
  table(
    doc,
    [left, left + 25, left + 175, left + 275, left + 330, left + 380, left + 435],
    ['#', 'Item', 'Status', 'Content', 'Pron.', 'Fluency', 'Overall'],
    sitting.steps.map((step) => {
      const attempt = step.attempt;
      const scores = attempt?.scores;
      const status = attempt
        ? (STATUS_WORDS[attempt.status] ?? attempt.status)
        : step.skipped
          ? 'not answered'
          : 'not reached';
      return [
        String(step.position + 1),
        `${step.item.title} (${step.item.task.toUpperCase()})`,
        status,
        formatScore(scores?.content ?? scores?.words ?? null),
        formatScore(scores?.pronunciation ?? null),
        formatScore(scores?.fluency ?? null),
        formatScoreOf(scores?.overall ?? null, attempt?.maxScores.overall ?? null),
      ];
    }),
  );
  doc.end();
  return bytes;
}

function table(doc: Pdf, columns: number[], header: string[], rows: string[][]): void {
  doc.font(FONTS.bold).fontSize(9).fillColor(COLORS.muted);
  tableRow(doc, columns, header);
  doc.font(FONTS.regular).fillColor(COLORS.text);
  for (const row of rows) {
    ensureSpace(doc, rowHeight(doc, columns, row));
    tableRow(doc, columns, row);
  }
  doc.x = doc.page.margins.left;
}
