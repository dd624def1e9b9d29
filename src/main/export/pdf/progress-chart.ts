import { COLORS, ensureSpace, formatDate, formatScore, type Pdf } from './document.js';

export interface ChartPoint {
  createdAt: string;
  overall: number;
}

const HEIGHT = 140;

/** Overall score per scored attempt, oldest to newest, as a line on a simple grid. */
export function drawProgressChart(doc: Pdf, points: ChartPoint[], caption: string): void {
  ensureSpace(doc, HEIGHT + 50);
  doc.fontSize(9).fillColor(COLORS.muted).text(caption);
  if (points.length === 0) {
    doc.text('No scored attempts yet.').fontSize(10);
    return;
  }
  const left = doc.page.margins.left + 30;
  const width = doc.page.width - doc.page.margins.right - left;
  const top = doc.y + 6;
  const max = niceMax(Math.max(...points.map((p) => p.overall)));
  drawGrid(doc, { left, top, width }, max);
  const x = (i: number): number =>
    left + (points.length === 1 ? width / 2 : (i * width) / (points.length - 1));
  const y = (value: number): number => top + HEIGHT - (value / max) * HEIGHT;
  doc.lineWidth(1.5).strokeColor(COLORS.accent);
  points.forEach((point, i) =>
    i === 0 ? doc.moveTo(x(i), y(point.overall)) : doc.lineTo(x(i), y(point.overall)),
  );
  doc.stroke();
  points.forEach((point, i) => doc.circle(x(i), y(point.overall), 2.5).fill(COLORS.accent));
  drawDates(doc, { left, top, width }, points);
}

function drawGrid(doc: Pdf, box: { left: number; top: number; width: number }, max: number): void {
  doc.lineWidth(0.5).strokeColor(COLORS.rule).fontSize(7).fillColor(COLORS.muted);
  for (let step = 0; step <= 4; step += 1) {
    const value = (max * step) / 4;
    const y = box.top + HEIGHT - (step * HEIGHT) / 4;
    doc
      .moveTo(box.left, y)
      .lineTo(box.left + box.width, y)
      .stroke();
    doc.text(formatScore(value), box.left - 28, y - 3, { width: 24, align: 'right' });
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

function niceMax(value: number): number {
  if (value <= 0) return 1;
  for (const candidate of [1, 3, 5, 7, 10, 20, 50, 100]) if (value <= candidate) return candidate;
  return Math.ceil(value);
}
