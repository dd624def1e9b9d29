import type { WordAgreementRow } from '../../../../shared/app-api';
import { AgreementCountsTable } from './AgreementCountsTable';

const GROUP_NAMES: Record<WordAgreementRow['words'], string> = {
  all: 'All words',
  unsure: 'Marked unsure by the engine',
  sure: 'The rest',
};

/**
 * rs: over the words the examiner marked said or not said, how often the engine's decision
 * was theirs, for all words and apart for those the engine marked unsure and the rest.
 */
export function WordAgreementTable({ rows }: { rows: WordAgreementRow[] }) {
  if (rows.length === 0) return null;
  return (
    <>
      <h2>Words said (Repeat Sentence)</h2>
      <p className="muted">
        Repeat Sentence answers whose words the examiner marked said or not said: how often the
        engine judged a word the same way. A word the engine said and the examiner did not is one
        the candidate is credited with wrongly; the words marked unsure are those the engine asks
        the examiner to listen to.
      </p>
      <AgreementCountsTable
        label="Word agreement"
        columns={[
          { name: 'Words' },
          { name: 'Attempts', numeric: true },
          { name: 'Words marked', numeric: true },
        ]}
        sides={['Engine said, examiner not said', 'Engine missing, examiner said']}
        rows={rows}
        rowKey={(row) => row.words}
        cells={(row) => (
          <>
            <td className={row.words === 'all' ? 'strong' : undefined}>{GROUP_NAMES[row.words]}</td>
            <td className="numeric">{row.attempts}</td>
            <td className="numeric">{row.n}</td>
          </>
        )}
      />
    </>
  );
}
