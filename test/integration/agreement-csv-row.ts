import { AGREEMENT_COLUMNS } from '../../src/main/moderation/moderation-service.js';

type Column = (typeof AGREEMENT_COLUMNS)[number];

/** A row of the moderation CSV as csv-parse reads it: `cells`, and every other column empty. */
export function agreementCsvRow(cells: Partial<Record<Column, string>>): Record<string, string> {
  return Object.fromEntries(AGREEMENT_COLUMNS.map((column) => [column, cells[column] ?? '']));
}
