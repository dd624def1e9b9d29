import type { Task } from '../../../shared/contract/endpoints.js';
import type { Word } from '../../../shared/contract/envelope.js';
import { isHesitation } from '../../../shared/hesitation.js';
import {
  examinerWordChange,
  examinerWordNote,
  referenceWordPositions,
} from '../../../shared/reference-words.js';
import { isSaidLabel } from '../../../shared/said-labels.js';
import { isUnsure, unsureNote, unsureWords } from '../../../shared/unsure-words.js';
import { wordLegend, type LegendEntry } from '../../../shared/word-legend.js';
import { pauseLabel, pauseLengthMs, shownPause } from '../../../shared/pause-length.js';
import { COLORS, FONTS, type Pdf } from './document.js';

export const LABEL_COLORS: Record<string, string> = {
  Good: '#1b7f3b',
  Average: '#b7791f',
  Bad: '#c53030',
  Pause: '#718096',
  Missing: '#805ad5',
  Inserted: '#2b6cb0',
  Unclear: '#5f6f80',
};

/**
 * The words coloured by label; pauses appear inline with their length, and (rl, di)
 * hesitations in brackets, "(um)", and unclear speech as "[unclear]", so they never read as
 * words of the answer; (rs) a word the engine is unsure about has a "?" after it and is
 * listed under the words until the examiner has marked the words. A pause that is no pause
 * (src/shared/pause-length.ts) is left out.
 * (rs) Where the examiner's mark of a word (`examinerSaid`, by its place in the sentence)
 * overturns the engine's, the word is struck through or not as they decided, in the engine's
 * colour, and annotated "not said (examiner)" or "said (examiner)".
 */
export function drawTranscript(
  doc: Pdf,
  words: Word[],
  task: Task,
  examinerSaid: ReadonlyArray<boolean | null> = [],
): void {
  if (words.length === 0) {
    doc.fillColor(COLORS.muted).text('No words were returned for this attempt.');
    return;
  }
  doc.font(FONTS.regular).fontSize(11);
  const shown = words.flatMap((word, index) =>
    word.label === 'Pause' && shownPause(words, index).hidden ? [] : [index],
  );
  const positions = task === 'rs' ? referenceWordPositions(words) : [];
  shown.forEach((index, at) => {
    const word = words[index] as Word;
    const last = at === shown.length - 1;
    const hesitation = isHesitation(word, task);
    const position = positions[index] ?? null;
    const change =
      position === null
        ? null
        : examinerWordChange(isSaidLabel(word.label), examinerSaid[position] ?? null);
    doc.fillColor(hesitation ? COLORS.muted : (LABEL_COLORS[word.label] ?? COLORS.text));
    // One string with its "?", so that a line never breaks between the word and its mark.
    const mark = isUnsure(word, task) ? '?' : '';
    doc.text(`${shownText(words, index, hesitation)}${mark} `, {
      continued: !last || change !== null,
      strike: change === null ? word.label === 'Missing' : change === 'not said',
    });
    if (change) {
      doc
        .fillColor(COLORS.text)
        .text(`[${examinerWordNote(change)}] `, { continued: !last, strike: false });
    }
  });
  doc.fontSize(10).moveDown(0.5);
  // Once the examiner has marked the sentence's words, their marks are the decision: no word
  // is left to check.
  const marked = examinerSaid.some((said) => said !== null);
  drawUnsureNote(doc, marked ? [] : unsureWords(words, task));
  drawLegend(doc, task);
}

function drawUnsureNote(doc: Pdf, unsure: Word[]): void {
  if (unsure.length === 0) return;
  doc.fontSize(9).fillColor(COLORS.text).text(unsureNote(unsure));
  doc.fontSize(10).moveDown(0.3);
}

function shownText(words: Word[], index: number, hesitation: boolean): string {
  const word = words[index] as Word;
  if (word.label === 'Pause') return `[${pauseLabel(pauseLengthMs(words, index))}]`;
  if (word.label === 'Unclear') return '[unclear]';
  return hesitation ? `(${word.word})` : word.word;
}

function drawLegend(doc: Pdf, task: Task): void {
  const y = doc.y;
  let x = doc.page.margins.left;
  doc.fontSize(8);
  for (const entry of wordLegend(task)) {
    drawSwatch(doc, entry, x, y);
    doc.fillColor(COLORS.muted).text(entry.name, x + 10, y, { lineBreak: false });
    x += 18 + doc.widthOfString(entry.name);
  }
  doc.x = doc.page.margins.left;
  doc.y = y + 14;
  doc.fontSize(10).fillColor(COLORS.text);
}

/** A label's colour; the unsure mark is the "?" its words carry. */
function drawSwatch(doc: Pdf, entry: LegendEntry, x: number, y: number): void {
  if (entry.label === 'Unsure') {
    doc
      .font(FONTS.bold)
      .fillColor(COLORS.text)
      .text('?', x + 1, y, { lineBreak: false });
    doc.font(FONTS.regular);
    return;
  }
  doc.rect(x, y + 1, 7, 7).fill(entry.hesitation ? COLORS.muted : LABEL_COLORS[entry.label]!);
}

/** The pauses of a result, for the report's list of pauses. */
export function pausesOf(words: Word[]): { after: string; duration: number | null }[] {
  return words.flatMap((word, index) =>
    word.label === 'Pause' && !shownPause(words, index).hidden
      ? [{ after: findPrevious(words, index), duration: pauseLengthMs(words, index) }]
      : [],
  );
}

function findPrevious(words: Word[], index: number): string {
  for (let i = index - 1; i >= 0; i -= 1) {
    const word = words[i];
    if (word && word.label !== 'Pause')
      return word.label === 'Unclear' ? 'unclear speech' : word.word;
  }
  return '(start)';
}
