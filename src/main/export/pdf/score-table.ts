import type { Component } from '../../../shared/contract/envelope.js';
import { COLORS, FONTS, ensureSpace, formatScoreOf, tableRow, type Pdf } from './document.js';

const NAMES: Record<string, string> = {
  score_content: 'Content',
  score_pronunciation: 'Pronunciation',
  score_fluency: 'Fluency',
  Words: 'Words',
  overall: 'Overall',
};

/** One row per component: name, engine score out of its maximum, and the suggestion. */
export function drawScoreTable(doc: Pdf, components: Component[], overallMax: number | null): void {
  const left = doc.page.margins.left;
  const columns = [left, left + 130, left + 220];
  ensureSpace(doc, 20 + components.length * 18);
  doc.font(FONTS.bold).fontSize(10).fillColor(COLORS.muted);
  tableRow(doc, columns, ['Component', 'Score', 'Suggestion']);
  doc.font(FONTS.regular).fillColor(COLORS.text);
  for (const component of components) {
    // The contract gives overall a maxScore of 0; its maximum is the scale.
    const max = component.name === 'overall' ? overallMax : component.maxScore;
    tableRow(doc, columns, [
      NAMES[component.name] ?? component.name,
      formatScoreOf(component.score, max),
      component.suggestion ?? '',
    ]);
  }
  doc.x = left;
}
