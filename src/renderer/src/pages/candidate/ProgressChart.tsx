import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { TaskProgress } from '../../../../shared/app-api';
import { formatDateTime, formatScoreOf, taskTitle } from '../../lib/format';
import { TASK_COLORS } from '../../lib/chart-colors';

interface Point {
  time: number;
  share: number;
  label: string;
}

/** Each task's final overall per scored attempt over time, as a share of its maximum. */
export function ProgressChart({ progress }: { progress: TaskProgress[] }) {
  const series = progress
    .map((task) => ({ task: task.task, points: pointsOf(task) }))
    .filter((task) => task.points.length > 0);
  const times = series.flatMap((task) => task.points.map((point) => point.time));
  // Attempts within two days of each other are told apart by their time, others by their date.
  const tickFormat = Math.max(...times) - Math.min(...times) < 2 * DAY_MS ? shortTime : shortDate;
  if (series.length === 0) {
    return <p className="muted">No scored attempts yet: the trends appear after the first.</p>;
  }
  return (
    <figure className="progress-chart" aria-label="Progress per task">
      <ResponsiveContainer width="100%" height={300}>
        <LineChart margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
          <CartesianGrid stroke="#e2e8f0" />
          <XAxis
            dataKey="time"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={tickFormat}
            tick={{ fontSize: 13 }}
            label={{ value: 'Date of the attempt', position: 'insideBottom', offset: -4 }}
            height={48}
            padding={{ left: 16, right: 16 }}
          />
          <YAxis
            domain={[0, 100]}
            ticks={[0, 25, 50, 75, 100]}
            tickFormatter={(value: number) => `${value} %`}
            tick={{ fontSize: 13 }}
            width={80}
            label={{
              value: 'Final overall, % of max',
              angle: -90,
              position: 'insideLeft',
              style: { textAnchor: 'middle' },
            }}
          />
          <Tooltip
            labelFormatter={(time) => formatDateTime(new Date(Number(time)).toISOString())}
            formatter={(value, name, item) => [
              `${String(value)} % (${(item.payload as Point).label})`,
              name,
            ]}
          />
          <Legend verticalAlign="top" height={32} />
          {series.map(({ task, points }) => (
            <Line
              key={task}
              data={points}
              dataKey="share"
              name={taskTitle(task)}
              stroke={TASK_COLORS[task]}
              strokeWidth={2}
              dot={{ r: 4 }}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}

function pointsOf(task: TaskProgress): Point[] {
  return task.points
    .filter((point) => point.max !== null && point.max > 0)
    .map((point) => ({
      time: Date.parse(point.createdAt),
      share: Math.round(Math.min(1, point.overall / (point.max as number)) * 1000) / 10,
      label: formatScoreOf(point.overall, point.max),
    }));
}

const DAY_MS = 86_400_000;
const dateOnly = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const timeOfDay = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

function shortTime(time: number): string {
  return timeOfDay.format(new Date(time));
}

function shortDate(time: number): string {
  return dateOnly.format(new Date(time));
}
