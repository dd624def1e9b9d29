import type { EngineKeyPoint } from '../../../shared/key-points.js';
import type { KeyPointRow } from '../../store/attempt-key-points.js';
import { COLORS, FONTS, ensureSpace, rowHeight, tableRow, type Pdf } from './document.js';

/** One key point for the report: the engine's judgement and the examiner's mark, if any. */
export interface ReportKeyPoint {
  engine: EngineKeyPoint;
  examinerHeard: boolean | null;
}

/** The stored key points, or (a result scored before they were kept) the response's alone. */
export function reportKeyPoints(
  stored: readonly KeyPointRow[],
  fromResponse: readonly EngineKeyPoint[] | null,
): ReportKeyPoint[] {
  if (stored.length === 0) {
    return (fromResponse ?? []).map((engine) => ({ engine, examinerHeard: null }));
  }
  return stored.map((row) => ({
    engine: {
      text: row.text,
      heard: row.engine_heard === 1,
      confidence: row.engine_confidence,
      start: row.start_ms,
      end: row.end_ms,
    },
    examinerHeard: row.examiner_heard === null ? null : row.examiner_heard === 1,
  }));
}

/** rl, di: each key point, as the engine heard it (how surely, where) and as the examiner did. */
export function drawKeyPointTable(doc: Pdf, points: readonly ReportKeyPoint[]): void {
  const left = doc.page.margins.left;
  const columns = [left, left + 170, left + 340];
  const engineHeard = points.filter((point) => point.engine.heard).length;
  const marked = points.every((point) => point.examinerHeard !== null);
  const examinerHeard = points.filter((point) => point.examinerHeard === true).length;
  doc.text(
    `The engine heard ${engineHeard} of ${points.length}` +
      (marked
        ? `; the examiner heard ${examinerHeard} of ${points.length}.`
        : '; not yet marked by the examiner.'),
  );
  doc.moveDown(0.3);
  ensureSpace(doc, 20 + points.length * 16);
  doc.font(FONTS.bold).fillColor(COLORS.muted);
  tableRow(doc, columns, ['Key point', 'Engine', 'Examiner']);
  doc.font(FONTS.regular).fillColor(COLORS.text);
  for (const point of points) {
    const cells = [point.engine.text, engineText(point.engine), examinerText(point.examinerHeard)];
    ensureSpace(doc, rowHeight(doc, columns, cells));
    tableRow(doc, columns, cells);
  }
  doc.x = left;
}

function engineText(point: EngineKeyPoint): string {
  if (!point.heard) return 'not heard';
  const sure = point.confidence === null ? '' : `, ${Math.round(point.confidence * 100)}% sure`;
  const where =
    point.end > point.start
      ? ` at ${(point.start / 1000).toFixed(1)}–${(point.end / 1000).toFixed(1)} s`
      : '';
  return `heard${sure}${where}`;
}

function examinerText(heard: boolean | null): string {
  return heard === null ? 'not marked' : heard ? 'heard' : 'not heard';
}
