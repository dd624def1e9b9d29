import type { ReactNode } from 'react';

/** What a moderation row counts: how often both sides judged alike, and where one side alone did. */
export interface AgreedCounts {
  agreed: number;
  /** `agreed` of all, 0–1; null when there was nothing to count. */
  agreedShare: number | null;
  engineOnly: number;
  examinerOnly: number;
}

/**
 * A table of agreement counts: each row's own cells under `columns`, then agreed with its
 * share and the counts of the engine alone and the examiner alone under `sides`.
 */
export function AgreementCountsTable<Row extends AgreedCounts>({
  label,
  columns,
  sides,
  rows,
  rowKey,
  cells,
}: {
  label: string;
  /** The row's own columns; numeric ones are right-aligned. */
  columns: { name: string; numeric?: boolean }[];
  /** The headings of the engine's and the examiner's counts. */
  sides: [engine: string, examiner: string];
  rows: Row[];
  rowKey: (row: Row) => string;
  cells: (row: Row) => ReactNode;
}) {
  return (
    <table className="table" aria-label={label}>
      <thead>
        <tr>
          {columns.map(({ name, numeric }) => (
            <th key={name} className={numeric ? 'numeric' : undefined}>
              {name}
            </th>
          ))}
          <th className="numeric">Agreed</th>
          <th className="numeric">{sides[0]}</th>
          <th className="numeric">{sides[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {cells(row)}
            <td className="numeric">
              {row.agreed} <span className="muted">({share(row.agreedShare)})</span>
            </td>
            <td className="numeric">{row.engineOnly}</td>
            <td className="numeric">{row.examinerOnly}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function share(value: number | null): string {
  return value === null ? '—' : `${Math.round(value * 100)} %`;
}
