import { stringify } from 'csv-stringify/sync';
import { SCORE_KEYS } from '../../shared/app-api.js';
import { TASK_TITLES } from '../../shared/contract/endpoints.js';
import { keyPointCounts, wordMarkCounts, type AttemptSummaryRow } from '../store/attempt-rows.js';

export type Cell = string | number | null;

const COLUMNS = [
  'attempt_id',
  'created_at',
  'candidate',
  'candidate_reference',
  'item',
  'task',
  'status',
  ...SCORE_KEYS.flatMap((key) => [key, `${key}_max`]),
  'examiner_mark',
  ...SCORE_KEYS.map((key) => `examiner_${key}`),
  'examiner_comment',
  // rl, di: how many key points there were, and how many the engine and the examiner heard.
  'key_points',
  'key_points_engine_heard',
  'key_points_examiner_heard',
  // rs, once the examiner marked the words: the sentence's words, how many the engine and the
  // examiner found said, and each word the examiner judged otherwise: "brown (not said)".
  'sentence_words',
  'sentence_words_engine_said',
  'sentence_words_examiner_said',
  'sentence_words_overturned',
  // rs, once scored: how many words the engine is unsure about, said or Missing (to listen for).
  'sentence_words_unsure',
  'final_overall',
  'tries',
  'typed_answer',
  'audio_file_sha256',
  'error',
];

function record(row: AttemptSummaryRow): Cell[] {
  const marked = row.mark_confirmed !== null;
  const keyPoints = keyPointCounts(row.key_point_counts);
  const words = wordMarkCounts(row.word_mark_counts);
  return [
    row.id,
    row.created_at,
    row.candidate_name,
    row.candidate_reference,
    row.item_title,
    TASK_TITLES[row.task],
    row.status,
    ...SCORE_KEYS.flatMap((key) => [row[key], row[`${key}_max`]]),
    marked ? (row.mark_confirmed === 1 ? 'confirmed' : 'own marks') : null,
    ...SCORE_KEYS.map((key) => row[`mark_${key}`]),
    row.mark_comment,
    keyPoints?.total ?? null,
    keyPoints?.engineHeard ?? null,
    keyPoints?.examinerHeard ?? null,
    words?.total ?? null,
    words?.engineSaid ?? null,
    words?.examinerSaid ?? null,
    words?.changed.map(({ text, change }) => `${text} (${change})`).join('; ') ?? null,
    row.task === 'rs' && row.status === 'scored' ? row.unsure_words : null,
    marked ? row.mark_overall : row.overall,
    row.tries,
    row.typed_answer,
    row.audio_sha256,
    row.error_message,
  ];
}

/** History rows as CSV, with each score's maximum and the examiner's marks beside the engine's. */
export function historyCsv(rows: Iterable<AttemptSummaryRow>): string {
  const records: Cell[][] = [];
  for (const row of rows) records.push(record(row));
  return safeCsv(COLUMNS, records);
}

/** One item of a mock sitting: its answer's History row, or none when it was not answered. */
export interface SittingCsvStep {
  position: number;
  itemTitle: string;
  task: keyof typeof TASK_TITLES;
  /** Why there is no answer: the item was skipped, or the sitting stopped before it. */
  unanswered: 'not answered' | 'not reached' | null;
  row: AttemptSummaryRow | null;
}

/** A sitting's items in the order sat, each with History's columns, unanswered ones too. */
export function sittingCsv(steps: readonly SittingCsvStep[]): string {
  const records = steps.map((step): Cell[] => {
    if (step.row) return [step.position + 1, ...record(step.row)];
    const blank: Cell[] = COLUMNS.map(() => null);
    blank[COLUMNS.indexOf('item')] = step.itemTitle;
    blank[COLUMNS.indexOf('task')] = TASK_TITLES[step.task];
    blank[COLUMNS.indexOf('status')] = step.unanswered;
    return [step.position + 1, ...blank];
  });
  return safeCsv(['sitting_item', ...COLUMNS], records);
}

/**
 * RFC 4180 CSV with a UTF-8 BOM (so spreadsheet apps read accents), every text cell guarded
 * against formula injection as OWASP recommends: a cell that starts with =, +, -, @, a tab or
 * a carriage return gets a leading apostrophe, so a spreadsheet shows it as text instead of
 * running it. Numbers are left as they are.
 */
export function safeCsv(columns: readonly string[], records: Cell[][]): string {
  const guarded = records.map((cells) => cells.map(guardCell));
  return `\uFEFF${stringify(guarded, { header: true, columns: [...columns], cast: { number: String }, quoted_string: true })}`;
}

/**
 * A tab or CR first, or = + - @ as the first character after any leading whitespace: spreadsheet
 * apps skip spaces and line breaks before a formula (" =1+1" and "\n=cmd" run too).
 */
const FORMULA_START = /^[\t\r]|^\s*[=+\-@]/u;

export function guardCell(cell: Cell): Cell {
  return typeof cell === 'string' && FORMULA_START.test(cell) ? `'${cell}` : cell;
}
