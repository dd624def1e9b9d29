import { useState } from 'react';
import {
  CartesianGrid,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
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
import { KeyPointAgreementTable } from './KeyPointAgreementTable';
import { WordAgreementTable } from './WordAgreementTable';

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
          <KeyPointAgreementTable rows={agreement.data.keyPoints} />
          <WordAgreementTable rows={agreement.data.words} />
        </>
      )}
    </section>
  );
}

const COMPONENT_COLORS: Record<string, string> = {
  content: '#2b6cb0',
  pronunciation: '#c05621',
  fluency: '#2f855a',
  words: '#805ad5',
  overall: '#1a202c',
};

/** Engine against examiner, each as a share of the maximum; the diagonal is full agreement. */
function AgreementChart({ pairs }: { pairs: Agreement['pairs'] }) {
  const components = Object.keys(COMPONENT_NAMES).filter((name) =>
    pairs.some((pair) => pair.component === name),
  );
  return (
    <figure className="agreement-chart" aria-label="Agreement chart">
      {/* The table above gives the figures: the chart reads as one image with its summary. */}
      <div role="img" aria-label={`Engine against examiner, ${pairs.length} marks`}>
        <ResponsiveContainer width="100%" height={440}>
          <ScatterChart margin={{ top: 8, right: 24, bottom: 16, left: 8 }}>
            <CartesianGrid stroke="#e2e8f0" />
            <XAxis
              type="number"
              dataKey="engine"
              name="Engine"
              domain={[0, 100]}
              ticks={[0, 25, 50, 75, 100]}
              tickFormatter={(value: number) => `${value} %`}
              tick={{ fontSize: 13 }}
              height={52}
              label={{ value: 'Engine, % of the maximum', position: 'insideBottom', offset: -6 }}
            />
            <YAxis
              type="number"
              dataKey="examiner"
              name="Examiner"
              domain={[0, 100]}
              ticks={[0, 25, 50, 75, 100]}
              tickFormatter={(value: number) => `${value} %`}
              tick={{ fontSize: 13 }}
              width={84}
              label={{
                value: 'Examiner, % of the maximum',
                angle: -90,
                position: 'insideLeft',
                style: { textAnchor: 'middle' },
              }}
            />
            <ReferenceLine
              segment={[
                { x: 0, y: 0 },
                { x: 100, y: 100 },
              ]}
              stroke="#a0aec0"
              strokeDasharray="6 4"
              ifOverflow="extendDomain"
            />
            <Tooltip
              cursor={{ strokeDasharray: '3 3' }}
              formatter={(value) => `${String(value)} %`}
            />
            <Legend verticalAlign="top" height={32} />
            {components.map((component) => (
              <Scatter
                key={component}
                name={COMPONENT_NAMES[component]}
                fill={COMPONENT_COLORS[component]}
                isAnimationActive={false}
                data={pairs
                  .filter((pair) => pair.component === component)
                  .map((pair) => ({
                    engine: percentOf(pair.engine),
                    examiner: percentOf(pair.examiner),
                    task: taskTitle(pair.task),
                  }))}
              />
            ))}
          </ScatterChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="muted">
        Each dot is one component of one attempt; dots on the dashed diagonal are marks the examiner
        and the engine agree on, dots above it marks the examiner gave higher.
      </figcaption>
    </figure>
  );
}

function percentOf(share: number): number {
  return Math.round(Math.min(1, share) * 1000) / 10;
}

function signed(value: number | null): string {
  if (value === null) return '—';
  const rounded = Math.round(value * 100) / 100;
  return rounded > 0 ? `+${rounded}` : String(rounded);
}

function percent(value: number | null): string {
  return value === null ? '—' : `${Math.round(value * 100)} %`;
}
