import PDFDocument from 'pdfkit';
import { FONT_FACES, type FaceName, type Weight } from './font-files.js';
import { bodyDrawsAll, scriptRuns } from './script-runs.js';
export { formatScore, formatScoreOf } from '../../../shared/format-score.js';

export type Pdf = PDFKit.PDFDocument;

export const COLORS = {
  text: '#1a202c',
  muted: '#4a5568',
  rule: '#cbd5e0',
  accent: '#2b6cb0',
};

/** The body face's names; text in other scripts switches face run by run (see drawsEveryScript). */
export const FONTS = {
  regular: 'Body',
  bold: 'Body-Bold',
};

function fontName(face: FaceName, weight: Weight): string {
  if (face === 'body') return weight === 'bold' ? FONTS.bold : FONTS.regular;
  return `${face}-${weight}`;
}

/** A new A4 document and a promise of its bytes once `end()` is called. */
export function newDocument(title: string): { doc: Pdf; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: title, Creator: 'Examiner' },
  });
  for (const [face, files] of Object.entries(FONT_FACES) as [FaceName, Record<Weight, string>][]) {
    for (const weight of ['regular', 'bold'] as const) {
      doc.registerFont(fontName(face, weight), files[weight]);
    }
  }
  drawsEveryScript(doc);
  doc.font(FONTS.regular);
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/**
 * Makes every `doc.text` call draw any script: a text the body face cannot draw whole is
 * written as runs, each in the face of its script (Noto CJK, Thai, Devanagari, Arabic),
 * continued on the same line so that it wraps as one text. fontkit shapes each run
 * (Devanagari conjuncts, Arabic joining forms) and lays a right-to-left run out right to
 * left; the text layer keeps the characters (each glyph maps back to its code points).
 * `doc.font(FONTS.bold)` chooses the weight of every face.
 */
function drawsEveryScript(doc: Pdf): void {
  const setFont = doc.font.bind(doc);
  const write = doc.text.bind(doc) as (text: string, ...rest: unknown[]) => Pdf;
  let weight: Weight = 'regular';
  doc.font = ((name: string, ...rest: unknown[]) => {
    if (name === FONTS.bold) weight = 'bold';
    else if (name === FONTS.regular) weight = 'regular';
    return (setFont as (name: string, ...rest: unknown[]) => Pdf)(name, ...rest);
  }) as Pdf['font'];
  doc.text = ((text: unknown, x?: unknown, y?: unknown, options?: unknown) => {
    if (typeof text !== 'string' || bodyDrawsAll(text)) return write(text as string, x, y, options);
    const given = (
      typeof x === 'object' && x !== null ? x : (options ?? {})
    ) as PDFKit.Mixins.TextOptions;
    // pdfkit reads a missing x as the options, so the position is passed only when given.
    const at = typeof x === 'number' ? [x, y] : [];
    const runs = scriptRuns(text);
    runs.forEach((run, index) => {
      const last = index === runs.length - 1;
      setFont(fontName(run.face, weight));
      const runOptions = {
        ...given,
        continued: last ? given.continued : true,
        // With features given, pdfkit lays a line out whole instead of word by word, so a
        // right-to-left run keeps its words in right-to-left order.
        ...(run.face === 'arabic' ? { features: [] } : {}),
      };
      write(run.text, ...(index === 0 ? at : []), runOptions);
    });
    setFont(fontName('body', weight));
    return doc;
  }) as Pdf['text'];
}

export function heading(doc: Pdf, text: string, size = 14): void {
  doc.moveDown(0.6).font(FONTS.bold).fontSize(size).fillColor(COLORS.text).text(text);
  doc.font(FONTS.regular).fontSize(10).moveDown(0.2);
}

/** How tall `heading(doc, text, size)` will be when drawn after body text. */
export function headingHeight(doc: Pdf, text: string, size = 14): number {
  const gaps = doc.currentLineHeight(true) * 0.8;
  doc.font(FONTS.bold).fontSize(size);
  const height = doc.heightOfString(text);
  doc.font(FONTS.regular).fontSize(10);
  return gaps + height;
}

export function keyValues(doc: Pdf, pairs: [string, string][]): void {
  for (const [key, value] of pairs) {
    doc.font(FONTS.bold).fillColor(COLORS.muted).text(`${key}: `, { continued: true });
    doc.font(FONTS.regular).fillColor(COLORS.text).text(value);
  }
}

/** Starts a new page when fewer than `height` points are left on this one. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/** A score with its maximum: "3.6 / 5", "8 / 11"; the maximum left out when unknown. */
export function formatDate(iso: string): string {
  return iso.replace('T', ' ').slice(0, 16);
}

/** How tall a table row will be once its cells wrap in their columns. */
export function rowHeight(doc: Pdf, columns: readonly number[], cells: readonly string[]): number {
  const right = doc.page.width - doc.page.margins.right;
  const heights = cells.map((cell, index) => {
    const x = columns[index] ?? 0;
    const width = (columns[index + 1] ?? right) - x - 8;
    return doc.heightOfString(cell, { width });
  });
  return Math.max(0, ...heights) + 4;
}

/** One table row at the current line: each cell in its column, wrapping; the row as tall as its tallest cell. */
export function tableRow(doc: Pdf, columns: readonly number[], cells: readonly string[]): void {
  const y = doc.y;
  const right = doc.page.width - doc.page.margins.right;
  let bottom = y;
  cells.forEach((cell, index) => {
    const x = columns[index] ?? 0;
    const next = columns[index + 1] ?? right;
    doc.text(cell, x, y, { width: next - x - 8 });
    bottom = Math.max(bottom, doc.y);
  });
  doc.y = bottom + 4;
}
