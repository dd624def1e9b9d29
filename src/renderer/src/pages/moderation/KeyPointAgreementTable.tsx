import type { KeyPointAgreementRow } from '../../../../shared/app-api';
import { taskTitle } from '../../lib/format';

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
      <table className="table" aria-label="Key point agreement">
        <thead>
          <tr>
            <th>Item</th>
            <th>Key point</th>
            <th className="numeric">Attempts</th>
            <th className="numeric">Agreed</th>
            <th className="numeric">Engine only heard</th>
            <th className="numeric">Examiner only heard</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.itemId}-${row.text}`}>
              <td>
                {row.itemTitle} <span className="muted">({taskTitle(row.task)})</span>
              </td>
              <td className="strong">{row.text}</td>
              <td className="numeric">{row.n}</td>
              <td className="numeric">
                {row.agreed} <span className="muted">({Math.round(row.agreedShare * 100)} %)</span>
              </td>
              <td className="numeric">{row.engineOnly}</td>
              <td className="numeric">{row.examinerOnly}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
