import { COLORS, ensureSpace, formatDate, type Pdf } from './document.js';

export interface ChartPoint {
  createdAt: string;
  overall: number;
  /** The score's maximum; points without one are left out, since they cannot be placed. */
  max: number | null;
}

const HEIGHT = 140;
/** Caption, plot, dates and spacing: what must fit on one page. */
export const CHART_BLOCK_HEIGHT = HEIGHT + 60;

/**
 * Overall score per scored attempt, oldest to newest, as a share of its maximum: every task
 * on the same 0–100 % axis, whatever its scale or its number of words. Drawn whole on one page.
 */
export function drawProgressChart(doc: Pdf, points: ChartPoint[], caption: string): void {
  ensureSpace(doc, CHART_BLOCK_HEIGHT);
  const placed = points.filter((point) => point.max !== null && point.max > 0);
  doc.fontSize(9).fillColor(COLORS.muted).text(`${caption} Axis: share of the maximum score.`);
  if (placed.length === 0) {
    doc.text('No scored attempts yet.').fontSize(10);
    return;
  }
  const left = doc.page.margins.left + 34;
  const width = doc.page.width - doc.page.margins.right - left;
  const top = doc.y + 6;
  drawGrid(doc, { left, top, width });
  const x = (i: number): number =>
    left + (placed.length === 1 ? width / 2 : (i * width) / (placed.length - 1));
  const y = (point: ChartPoint): number =>
    top + HEIGHT - Math.min(1, point.overall / (point.max as number)) * HEIGHT;
  doc.lineWidth(1.5).strokeColor(COLORS.accent);
  placed.forEach((point, i) => (i === 0 ? doc.moveTo(x(i), y(point)) : doc.lineTo(x(i), y(point))));
  doc.stroke();
  placed.forEach((point, i) => doc.circle(x(i), y(point), 2.5).fill(COLORS.accent));
  drawDates(doc, { left, top, width }, placed);
}

function drawGrid(doc: Pdf, box: { left: number; top: number; width: number }): void {
  doc.lineWidth(0.5).strokeColor(COLORS.rule).fontSize(7).fillColor(COLORS.muted);
  for (let step = 0; step <= 4; step += 1) {
    const y = box.top + HEIGHT - (step * HEIGHT) / 4;
    doc
      .moveTo(box.left, y)
      .lineTo(box.left + box.width, y)
      .stroke();
    doc.text(`${step * 25} %`, box.left - 32, y - 3, { width: 28, align: 'right' });
  }
}

function drawDates(
  doc: Pdf,
  box: { left: number; top: number; width: number },
  points: ChartPoint[],
): void {
  const first = points[0];
  const last = points[points.length - 1];
  const y = box.top + HEIGHT + 4;
  doc.fontSize(7).fillColor(COLORS.muted);
  if (first) doc.text(formatDate(first.createdAt), box.left, y, { lineBreak: false });
  if (last && points.length > 1) {
    doc.text(formatDate(last.createdAt), box.left + box.width - 100, y, {
      width: 100,
      align: 'right',
    });
  }
  doc.x = doc.page.margins.left;
  doc.y = y + 16;
  doc.fontSize(10).fillColor(COLORS.text);
}
