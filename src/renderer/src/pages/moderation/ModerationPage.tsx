import { useState } from 'react';
import type { Agreement } from '../../../../shared/app-api';
import type { Task } from '../../../../shared/contract/endpoints';
import { api } from '../../bridge';
import { EmptyState } from '../../components/EmptyState';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { TaskSelect } from '../../components/TaskSelect';
import { useAction } from '../../hooks/use-action';
import { useApiQuery } from '../../hooks/use-api-query';
import { useAppInfo } from '../../hooks/use-app-info';
import { deliverExport } from '../../lib/export-file';
import { formatScore, taskTitle } from '../../lib/format';

const COMPONENT_NAMES: Record<string, string> = {
  content: 'Content',
  pronunciation: 'Pronunciation',
  fluency: 'Fluency',
  words: 'Words',
  overall: 'Overall',
};

/** How the engine and the examiners agree, per task and component, on attempts both marked. */
export function ModerationPage() {
  const [task, setTask] = useState<Task | undefined>();
  const agreement = useApiQuery('moderation.agreement', { task });
  const host = useAppInfo()?.host;
  const [message, setMessage] = useState<string | null>(null);
  const exportCsv = useAction(async () =>
    setMessage(deliverExport(await api.call('export.agreementCsv', { task }), host)),
  );
  const rows = agreement.data?.rows ?? [];
  return (
    <section aria-labelledby="page-title">
      <PageHeader title="Moderation">
        <button
          type="button"
          className="button-secondary"
          disabled={exportCsv.busy || rows.length === 0}
          onClick={() => void exportCsv.run()}
        >
          Export CSV
        </button>
      </PageHeader>
      <div className="toolbar">
        <TaskSelect value={task} onChange={setTask} />
      </div>
      <Notice message={agreement.error ?? exportCsv.error} />
      <Notice message={message} kind="success" onDismiss={() => setMessage(null)} />
      {!agreement.loading && rows.length === 0 && (
        <EmptyState title="No attempt has an examiner's mark yet">
          <p className="muted">
            Open a scored attempt in History and confirm the engine's scores or enter your own.
          </p>
        </EmptyState>
      )}
      {rows.length > 0 && agreement.data && (
        <>
          <p className="muted">
            Differences are the examiner's mark minus the engine's, in points. Exact and adjacent
            agreement compare marks rounded to whole points.
          </p>
          <table className="table" aria-label="Agreement">
            <thead>
              <tr>
                <th>Task</th>
                <th>Component</th>
                <th className="numeric">Attempts</th>
                <th className="numeric">Mean difference</th>
                <th className="numeric">Mean absolute difference</th>
                <th className="numeric">Pearson r</th>
                <th className="numeric">Exact</th>
                <th className="numeric">Adjacent</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.task}-${row.component}`}>
                  <td>{taskTitle(row.task)}</td>
                  <td>
                    {COMPONENT_NAMES[row.component]}
                    {row.max !== null && (
                      <span className="muted"> (of {formatScore(row.max)})</span>
                    )}
                  </td>
                  <td className="numeric">{row.n}</td>
                  <td className="numeric">{signed(row.meanDifference)}</td>
                  <td className="numeric">{formatScore(row.meanAbsoluteDifference)}</td>
                  <td className="numeric">{row.pearson === null ? '—' : row.pearson.toFixed(2)}</td>
                  <td className="numeric">{percent(row.exact)}</td>
                  <td className="numeric">{percent(row.adjacent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <AgreementChart pairs={agreement.data.pairs} />
        </>
      )}
    </section>
  );
}

const SIZE = 260;
const PAD = 34;

/** Engine against examiner, each as a share of the maximum; the diagonal is full agreement. */
function AgreementChart({ pairs }: { pairs: Agreement['pairs'] }) {
  const at = (share: number) => PAD + share * (SIZE - 2 * PAD);
  return (
    <figure className="agreement-chart">
      <svg
        width={SIZE}
        height={SIZE}
        role="img"
        aria-label={`Engine against examiner, ${pairs.length} marks`}
      >
        <rect
          x={PAD}
          y={PAD}
          width={SIZE - 2 * PAD}
          height={SIZE - 2 * PAD}
          className="chart-frame"
        />
        <line
          x1={at(0)}
          y1={SIZE - at(0)}
          x2={at(1)}
          y2={SIZE - at(1)}
          className="chart-diagonal"
        />
        {pairs.map((pair, index) => (
          <circle
            key={index}
            cx={at(Math.min(1, pair.engine))}
            cy={SIZE - at(Math.min(1, pair.examiner))}
            r={4}
            className={`chart-point component-${pair.component}`}
          >
            <title>
              {`${taskTitle(pair.task)}, ${COMPONENT_NAMES[pair.component]}: engine ${percent(pair.engine)}, examiner ${percent(pair.examiner)}`}
            </title>
          </circle>
        ))}
        <text x={SIZE / 2} y={SIZE - 8} textAnchor="middle" className="chart-axis">
          Engine (share of maximum)
        </text>
        <text
          x={12}
          y={SIZE / 2}
          textAnchor="middle"
          transform={`rotate(-90 12 ${SIZE / 2})`}
          className="chart-axis"
        >
          Examiner
        </text>
      </svg>
      <figcaption className="muted">
        Each dot is one component of one attempt; dots on the diagonal are marks the examiner and
        the engine agree on.
      </figcaption>
    </figure>
  );
}

function signed(value: number | null): string {
  if (value === null) return '—';
  const rounded = Math.round(value * 100) / 100;
  return rounded > 0 ? `+${rounded}` : String(rounded);
}

function percent(value: number | null): string {
  return value === null ? '—' : `${Math.round(value * 100)} %`;
}
