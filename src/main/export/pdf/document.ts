import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

export type Pdf = PDFKit.PDFDocument;

export const COLORS = {
  text: '#1a202c',
  muted: '#4a5568',
  rule: '#cbd5e0',
  accent: '#2b6cb0',
};

// Not named `require`: the bundler declares its own in the built main chunk.
const resolvePackage = createRequire(import.meta.url);

/**
 * DejaVu Sans rather than the built-in Helvetica: the built-in fonts only cover Windows-1252,
 * and candidates' names often need Central European, Cyrillic or Vietnamese letters.
 */
export const FONTS = {
  regular: 'Body',
  bold: 'Body-Bold',
};
const FONT_FILES = {
  [FONTS.regular]: resolvePackage.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  [FONTS.bold]: resolvePackage.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

/** A new A4 document and a promise of its bytes once `end()` is called. */
export function newDocument(title: string): { doc: Pdf; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: title, Creator: 'Examiner' },
  });
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, file);
  doc.font(FONTS.regular);
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

export function heading(doc: Pdf, text: string, size = 14): void {
  doc.moveDown(0.6).font(FONTS.bold).fontSize(size).fillColor(COLORS.text).text(text);
  doc.font(FONTS.regular).fontSize(10).moveDown(0.2);
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

export function formatScore(value: number | null): string {
  return value === null ? '—' : String(Math.round(value * 100) / 100);
}

/** A score with its maximum: "3.6 / 5", "8 / 11"; the maximum left out when unknown. */
export function formatScoreOf(value: number | null, max: number | null): string {
  if (value === null) return '—';
  return max !== null && max > 0
    ? `${formatScore(value)} / ${formatScore(max)}`
    : formatScore(value);
}

export function formatDate(iso: string): string {
  return iso.replace('T', ' ').slice(0, 16);
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
