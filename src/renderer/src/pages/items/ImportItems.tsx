import { useRef, useState } from 'react';
import type { ImportReport } from '../../../../shared/app-api';
import { api } from '../../bridge';
import { Modal } from '../../components/Modal';
import { Notice } from '../../components/Notice';
import { useAction } from '../../hooks/use-action';
import { blobToBase64 } from '../../lib/base64';

/**
 * Import from a zip, a manifest file, or a whole folder (manifest plus media). The main
 * process checks every row and answers with what it imported and what it refused, and why.
 */
export function ImportItems({ onImported }: { onImported: () => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const run = useAction(async (files: File[]) => {
    const single = files.length === 1 ? files[0]! : null;
    const result =
      single && /\.zip$/iu.test(single.name)
        ? await api.call('items.importZip', { base64: await blobToBase64(single) })
        : await api.call('items.import', {
            files: await Promise.all(
              files.map(async (file) => ({
                path: file.webkitRelativePath || bundleName(file.name),
                base64: await blobToBase64(file),
              })),
            ),
          });
    setReport(result);
    onImported();
  });
  const chosen = (input: HTMLInputElement | null) => {
    const files = [...(input?.files ?? [])];
    if (input) input.value = '';
    if (files.length) void run.run(files);
  };
  return (
    <>
      <button type="button" className="button-secondary" onClick={() => fileInput.current?.click()}>
        Import zip…
      </button>
      <button
        type="button"
        className="button-secondary"
        onClick={() => folderInput.current?.click()}
      >
        Import folder…
      </button>
      <input
        ref={fileInput}
        type="file"
        hidden
        aria-label="Item bundle (zip)"
        accept=".zip,application/zip"
        onChange={(e) => chosen(e.target)}
      />
      <input
        ref={folderInput}
        type="file"
        hidden
        aria-label="Item bundle folder"
        multiple
        {...{ webkitdirectory: '' }}
        onChange={(e) => chosen(e.target)}
      />
      <Notice message={run.error} />
      {run.busy && <span className="muted">Importing…</span>}
      {report && (
        <Modal title="Import report" onClose={() => setReport(null)} wide>
          <ReportView report={report} />
          <div className="form-actions">
            <button type="button" className="button-primary" onClick={() => setReport(null)}>
              Close
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}

/** A manifest picked alone keeps its own name, so it is found as the manifest. */
function bundleName(name: string): string {
  return /^manifest\.(json|csv)$/iu.test(name) ? name.toLowerCase() : name;
}

function ReportView({ report }: { report: ImportReport }) {
  return (
    <div className="import-report">
      <p>
        <strong>{report.imported.length}</strong> imported, <strong>{report.refused.length}</strong>{' '}
        refused. Refused rows were not imported at all; fix them and import the bundle again (rows
        already imported are then refused as already in the bank).
      </p>
      {report.imported.length > 0 && (
        <section aria-label="Imported rows">
          <h3>Imported</h3>
          <ul>
            {report.imported.map((row) => (
              <li key={row.row}>
                Row {row.row}: {row.title}
              </li>
            ))}
          </ul>
        </section>
      )}
      {report.refused.length > 0 && (
        <section aria-label="Refused rows">
          <h3>Refused</h3>
          <ul>
            {report.refused.map((row) => (
              <li key={row.row}>
                Row {row.row}: {row.title} — {row.reasons.join('; ')}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
