import { TASK_TITLES } from '../../../shared/contract/endpoints.js';
import { parseEnvelope, type Envelope } from '../../../shared/contract/index.js';
import type { AttemptRow } from '../../store/attempt-rows.js';
import type { ProgressPoint } from '../../store/attempt-history.js';
import {
  COLORS,
  FONTS,
  ensureSpace,
  formatDate,
  formatScoreOf,
  heading,
  keyValues,
  newDocument,
  type Pdf,
} from './document.js';
import { pauseLabel } from '../../../shared/pause-length.js';
import { CHART_BLOCK_HEIGHT, drawProgressChart } from './progress-chart.js';
import { drawScoreTable } from './score-table.js';
import { STATUS_WORDS } from './status-words.js';
import { drawTranscript, pausesOf } from './transcript.js';
import { attemptKeyPoints, drawKeyPointTable } from './key-point-table.js';
import type { KeyPointRow } from '../../store/attempt-key-points.js';
import type { ReferenceWordRow } from '../../store/attempt-reference-words.js';
import { drawWordMarks, examinerWordMarks } from './word-marks.js';

/** What the examiner marked piece by piece: rl and di key points, rs words. */
export interface MarkedParts {
  keyPoints?: readonly KeyPointRow[];
  words?: readonly ReferenceWordRow[];
}

/** One attempt: who, what, scores, coloured transcript, pauses and the candidate's progress. */
export async function attemptReportPdf(
  attempt: AttemptRow,
  progress: ProgressPoint[],
  parts: MarkedParts = {},
): Promise<Buffer> {
  const { doc, bytes } = newDocument(`Attempt ${attempt.id} – ${attempt.candidate_name}`);
  doc.font(FONTS.bold).fontSize(18).fillColor(COLORS.text).text('Examiner – attempt report');
  doc.font(FONTS.regular).fontSize(10).moveDown(0.5);
  keyValues(doc, [
    ['Candidate', attempt.candidate_name],
    ['Item', `${attempt.item_title} (${TASK_TITLES[attempt.task]})`],
    ['Recorded', formatDate(attempt.created_at)],
    ['Status', STATUS_WORDS[attempt.status]],
  ]);
  const envelope = readResult(attempt);
  if (envelope) drawResult(doc, attempt, envelope, parts);
  else drawNoResult(doc, attempt);
  ensureSpace(doc, 40 + CHART_BLOCK_HEIGHT);
  heading(doc, `Progress in ${TASK_TITLES[attempt.task]}`);
  drawProgressChart(
    doc,
    progress,
    `Final overall score of ${attempt.candidate_name}'s scored attempts, oldest first.`,
  );
  doc.end();
  return bytes;
}

function drawResult(doc: Pdf, attempt: AttemptRow, envelope: Envelope, parts: MarkedParts): void {
  heading(doc, 'Scores');
  drawScoreTable(doc, envelope.data.components, attempt.overall_max);
  drawExaminerMark(doc, attempt);
  const keyPoints = attemptKeyPoints(attempt, parts.keyPoints ?? []);
  if (keyPoints) drawKeyPointTable(doc, { text: 'Key points', size: 12 }, keyPoints);
  const words = parts.words ?? [];
  if (attempt.task === 'rs') drawWordMarks(doc, attempt);
  if (attempt.typed_answer !== null) {
    heading(doc, 'Typed answer');
    doc.text(attempt.typed_answer || '(empty)');
  }
  heading(doc, attempt.task === 'wfd' ? 'Words' : 'Transcript');
  drawTranscript(doc, envelope.data.words, attempt.task, examinerWordMarks(words));
  // Dictation is typed: it has no pauses.
  if (attempt.task === 'wfd') return;
  const pauses = pausesOf(envelope.data.words);
  heading(doc, 'Pauses');
  if (pauses.length === 0) doc.text('No pauses were marked.');
  for (const pause of pauses) {
    doc.text(`After “${pause.after}”: ${pauseLabel(pause.duration)}`);
  }
}

const MARK_NAMES = [
  ['content', 'Content'],
  ['pronunciation', 'Pronunciation'],
  ['fluency', 'Fluency'],
  ['words', 'Words'],
  ['overall', 'Overall'],
] as const;

/** The examiner's marks beside the engine's, and which is final. */
function drawExaminerMark(doc: Pdf, attempt: AttemptRow): void {
  heading(doc, 'Examiner', 12);
  if (attempt.mark_confirmed === null) {
    doc.text(
      `Not yet reviewed. Final overall: ${formatScoreOf(attempt.overall, attempt.overall_max)} (engine).`,
    );
    return;
  }
  if (attempt.mark_confirmed === 1) {
    doc.text('The examiner confirmed the engine’s scores.');
  } else {
    const marks = MARK_NAMES.filter(([key]) => attempt[`mark_${key}`] !== null).map(
      ([key, name]) => `${name} ${formatScoreOf(attempt[`mark_${key}`], attempt[`${key}_max`])}`,
    );
    doc.text(`Examiner’s marks: ${marks.join(', ')}.`);
  }
  if (attempt.mark_comment) doc.text(`Comment: ${attempt.mark_comment}`);
  doc.text(
    `Final overall: ${formatScoreOf(attempt.mark_overall, attempt.overall_max)} (examiner).`,
  );
}

function drawNoResult(doc: Pdf, attempt: AttemptRow): void {
  heading(doc, 'No result');
  doc.text(attempt.error_message ?? 'This attempt has not been scored yet.');
}

function readResult(attempt: AttemptRow): Envelope | null {
  if (attempt.status !== 'scored' || !attempt.response_json) return null;
  try {
    return parseEnvelope(JSON.parse(attempt.response_json));
  } catch {
    return null;
  }
}
