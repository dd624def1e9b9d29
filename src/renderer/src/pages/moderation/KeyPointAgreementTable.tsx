import type { KeyPointAgreementRow } from '../../../../shared/app-api';
import { taskTitle } from '../../lib/format';
import { AgreementCountsTable } from './AgreementCountsTable';

/**
 * rl, di: per item and key point, how often the engine and the examiner agreed that it was
 * heard, and on which side they differed, over the attempts the examiner marked point by point.
 */
export function KeyPointAgreementTable({ rows }: { rows: KeyPointAgreementRow[] }) {
  if (rows.length === 0) return null;
  return (
    <>
      <h2>Key points</h2>
      <p className="muted">
        Retell Lecture and Describe Image answers whose key points the examiner marked heard or not
        heard: for each key point, how often the engine judged it the same way.
      </p>
      <AgreementCountsTable
        label="Key point agreement"
        columns={[{ name: 'Item' }, { name: 'Key point' }, { name: 'Attempts', numeric: true }]}
        sides={['Engine only heard', 'Examiner only heard']}
        rows={rows}
        rowKey={(row) => `${row.itemId}-${row.text}`}
        cells={(row) => (
          <>
            <td>
              {row.itemTitle} <span className="muted">({taskTitle(row.task)})</span>
            </td>
            <td className="strong">{row.text}</td>
            <td className="numeric">{row.n}</td>
          </>
        )}
      />
    </>
  );
}
