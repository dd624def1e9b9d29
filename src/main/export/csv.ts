import { stringify } from 'csv-stringify/sync';
import { TASK_TITLES } from '../../shared/contract/endpoints.js';
import type { AttemptSummaryRow } from '../store/attempt-rows.js';

const COLUMNS = [
  'attempt_id',
  'created_at',
  'candidate',
  'candidate_reference',
  'item',
  'task',
  'status',
  'content',
  'pronunciation',
  'fluency',
  'words',
  'overall',
  'tries',
  'typed_answer',
  'audio_file_sha256',
  'error',
] as const;

function record(row: AttemptSummaryRow): (string | number | null)[] {
  return [
    row.id,
    row.created_at,
    row.candidate_name,
    row.candidate_reference,
    row.item_title,
    TASK_TITLES[row.task],
    row.status,
    row.content,
    row.pronunciation,
    row.fluency,
    row.words,
    row.overall,
    row.tries,
    row.typed_answer,
    row.audio_sha256,
    row.error_message,
  ];
}

/** History rows as CSV (RFC 4180, header row, UTF-8 BOM so spreadsheet apps read accents). */
export function historyCsv(rows: Iterable<AttemptSummaryRow>): string {
  const records: (string | number | null)[][] = [];
  for (const row of rows) records.push(record(row));
  return `\uFEFF${stringify(records, { header: true, columns: [...COLUMNS], cast: { number: String } })}`;
}
