import type { Task } from '../../../shared/contract/endpoints.js';
import type { Word } from '../../../shared/contract/envelope.js';
import { isHesitation } from '../../../shared/hesitation.js';
import { wordLegend } from '../../../shared/word-legend.js';
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
 * words of the answer. A pause that is no pause (src/shared/pause-length.ts) is left out.
 */
export function drawTranscript(doc: Pdf, words: Word[], task: Task): void {
  if (words.length === 0) {
    doc.fillColor(COLORS.muted).text('No words were returned for this attempt.');
    return;
  }
  doc.font(FONTS.regular).fontSize(11);
  const shown = words.flatMap((word, index) =>
    word.label === 'Pause' && shownPause(words, index).hidden ? [] : [index],
  );
  shown.forEach((index, at) => {
    const word = words[index] as Word;
    const last = at === shown.length - 1;
    const hesitation = isHesitation(word, task);
    doc.fillColor(hesitation ? COLORS.muted : (LABEL_COLORS[word.label] ?? COLORS.text));
    doc.text(`${shownText(words, index, hesitation)} `, {
      continued: !last,
      strike: word.label === 'Missing',
    });
  });
  doc.fontSize(10).moveDown(0.5);
  drawLegend(doc, task);
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
    doc.rect(x, y + 1, 7, 7).fill(entry.hesitation ? COLORS.muted : LABEL_COLORS[entry.label]!);
    doc.fillColor(COLORS.muted).text(entry.name, x + 10, y, { lineBreak: false });
    x += 18 + doc.widthOfString(entry.name);
  }
  doc.x = doc.page.margins.left;
  doc.y = y + 14;
  doc.fontSize(10).fillColor(COLORS.text);
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
