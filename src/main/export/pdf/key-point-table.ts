import { parseEnvelopeText } from '../../../shared/contract/parse-response.js';
import { contentFromMarks } from '../../../shared/key-point-content.js';
import {
  engineKeyPoints,
  requestKeywords,
  requestPrecision,
  type EngineKeyPoint,
} from '../../../shared/key-points.js';
import type { KeyPointRow } from '../../store/attempt-key-points.js';
import type { AttemptRow } from '../../store/attempt-rows.js';
import {
  COLORS,
  FONTS,
  ensureSpace,
  formatScoreOf,
  heading,
  headingHeight,
  rowHeight,
  tableRow,
  type Pdf,
} from './document.js';

/** One key point for the report: the engine's judgement and the examiner's mark, if any. */
export interface ReportKeyPoint {
  engine: EngineKeyPoint;
  examinerHeard: boolean | null;
}

/** An rl or di result's key points and the content each side's judgement of them gives. */
export interface KeyPointReport {
  points: ReportKeyPoint[];
  /** The engine's content and its maximum. */
  engineContent: number | null;
  contentMax: number | null;
  /** The content the examiner's marks give (docs/api.md, key points); null until they marked. */
  contentFromMarks: number | null;
  /** The examiner's content mark where they changed it after marking the key points. */
  examinerContent: number | null;
}

/**
 * The stored key points, with where the response placed each in the lecture's order, or (a
 * result scored before they were kept) the response's alone.
 */
export function reportKeyPoints(
  stored: readonly KeyPointRow[],
  fromResponse: readonly EngineKeyPoint[] | null,
): ReportKeyPoint[] {
  if (stored.length === 0) {
    return (fromResponse ?? []).map((engine) => ({ engine, examinerHeard: null }));
  }
  const orders =
    fromResponse?.length === stored.length ? fromResponse.map((point) => point.order) : [];
  return stored.map((row, index) => {
    const order = orders[index];
    return {
      engine: {
        text: row.text,
        heard: row.engine_heard === 1,
        confidence: row.engine_confidence,
        start: row.start_ms,
        end: row.end_ms,
        ...(order ? { order } : {}),
      },
      examinerHeard: row.examiner_heard === null ? null : row.examiner_heard === 1,
    };
  });
}

/**
 * rl, di: a scored attempt's key points for a report, with the content recomputed from the
 * examiner's marks as marking them did. Null for other tasks and for a result that names none.
 */
export function attemptKeyPoints(
  attempt: AttemptRow,
  stored: readonly KeyPointRow[],
): KeyPointReport | null {
  if (attempt.status !== 'scored' || (attempt.task !== 'rl' && attempt.task !== 'di')) {
    return null;
  }
  const points = reportKeyPoints(stored, responseKeyPoints(attempt));
  if (points.length === 0) return null;
  const marks = points.map((point) => point.examinerHeard);
  const fromMarks =
    attempt.content !== null && attempt.content_max !== null && !marks.includes(null)
      ? contentFromMarks({
          engineHeard: points.map((point) => point.engine.heard),
          examinerHeard: marks as boolean[],
          engineContent: attempt.content,
          contentMax: attempt.content_max,
          precision: requestPrecision(attempt.request_json),
          engineOrder: points.map((point) => point.engine.order),
        })
      : null;
  const changed =
    fromMarks !== null && attempt.mark_confirmed === 0 && attempt.mark_content !== fromMarks;
  return {
    points,
    engineContent: attempt.content,
    contentMax: attempt.content_max,
    contentFromMarks: fromMarks,
    examinerContent: changed ? attempt.mark_content : null,
  };
}

/** The response's key points: a result scored before they were stored. */
function responseKeyPoints(attempt: AttemptRow): EngineKeyPoint[] | null {
  if (!attempt.response_json) return null;
  try {
    const { data } = parseEnvelopeText(attempt.response_json);
    return engineKeyPoints(data, requestKeywords(attempt.request_json));
  } catch {
    return null;
  }
}

/**
 * rl, di: under `title`, how many key points each side heard and the content that gives, then
 * each key point as the engine heard it (how surely, where) and as the examiner did. The block
 * starts on a new page when it would not fit whole on this one (a list too long for any page
 * breaks after its first row), and a table that goes on to another page repeats its header.
 */
export function drawKeyPointTable(
  doc: Pdf,
  title: { text: string; size: number },
  report: KeyPointReport,
): void {
  const left = doc.page.margins.left;
  const columns = [left, left + 170, left + 340];
  const summary = [headcount(report.points), contentText(report)];
  const header = ['Key point', 'Engine', 'Examiner'];
  const rows = report.points.map(cells);
  const heights = rows.map((row) => rowHeight(doc, columns, row));
  const top =
    headingHeight(doc, title.text, title.size) +
    summary.reduce((height, line) => height + doc.heightOfString(line), 0) +
    doc.currentLineHeight(true) * 0.3 +
    rowHeight(doc, columns, header);
  const whole = top + heights.reduce((sum, height) => sum + height, 0);
  const page = doc.page.height - doc.page.margins.top - doc.page.margins.bottom;
  ensureSpace(doc, whole <= page ? whole : top + (heights[0] ?? 0));
  heading(doc, title.text, title.size);
  for (const line of summary) doc.text(line);
  doc.moveDown(0.3);
  const drawHeader = (): void => {
    doc.font(FONTS.bold).fillColor(COLORS.muted);
    tableRow(doc, columns, header);
    doc.font(FONTS.regular).fillColor(COLORS.text);
  };
  drawHeader();
  rows.forEach((row, index) => {
    const height = heights[index]!;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      drawHeader();
    }
    if (differs(report.points[index]!)) {
      const width = doc.page.width - doc.page.margins.right - left + 4;
      doc
        .rect(left - 4, doc.y - 2, width, height)
        .fill(DIFFERENCE_SHADE)
        .fillColor(COLORS.text);
    }
    tableRow(doc, columns, row);
  });
  doc.x = left;
}

/** The background of a row where the examiner's mark is not the engine's verdict. */
const DIFFERENCE_SHADE = '#fcefc7';

function differs(point: ReportKeyPoint): boolean {
  return point.examinerHeard !== null && point.examinerHeard !== point.engine.heard;
}

/** "The engine heard 2 of 4; the examiner heard 3 of 4. They differ on 1 (shaded)." */
function headcount(points: readonly ReportKeyPoint[]): string {
  const engineHeard = points.filter((point) => point.engine.heard).length;
  const engine = `The engine heard ${engineHeard} of ${points.length}`;
  if (points.some((point) => point.examinerHeard === null)) {
    return `${engine}; not yet marked by the examiner.`;
  }
  const examinerHeard = points.filter((point) => point.examinerHeard === true).length;
  const differ = points.filter(differs).length;
  return (
    `${engine}; the examiner heard ${examinerHeard} of ${points.length}.` +
    (differ === 0 ? ' They agree on every point.' : ` They differ on ${differ} (shaded).`)
  );
}

function cells(point: ReportKeyPoint): string[] {
  return [point.engine.text, engineText(point.engine), examinerText(point.examinerHeard)];
}

/** "Content: 3.3 / 5 from the engine's key points, 5 / 5 from the examiner's marks." */
function contentText(report: KeyPointReport): string {
  const engine = `${formatScoreOf(report.engineContent, report.contentMax)} from the engine’s judgement`;
  if (report.contentFromMarks === null) return `Content: ${engine}.`;
  const examiner = `${formatScoreOf(report.contentFromMarks, report.contentMax)} from the examiner’s marks`;
  const own =
    report.examinerContent === null
      ? ''
      : `; the examiner’s own content mark is ${formatScoreOf(report.examinerContent, report.contentMax)}`;
  return `Content: ${engine}, ${examiner}${own}.`;
}

function engineText(point: EngineKeyPoint): string {
  if (!point.heard) return 'not heard';
  const sure = point.confidence === null ? '' : `, ${Math.round(point.confidence * 100)}% sure`;
  const where =
    point.end > point.start
      ? ` at ${(point.start / 1000).toFixed(1)}–${(point.end / 1000).toFixed(1)} s`
      : '';
  const order = point.order === 'out of place' ? ', out of the lecture’s order' : '';
  return `heard${sure}${where}${order}`;
}

function examinerText(heard: boolean | null): string {
  return heard === null ? 'not marked' : heard ? 'heard' : 'not heard';
}
