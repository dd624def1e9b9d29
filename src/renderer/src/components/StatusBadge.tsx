import type { AttemptStatus } from '../../../shared/app-api';
import { STATUS_LABELS } from '../lib/format';

export function StatusBadge({ status }: { status: AttemptStatus }) {
  return <span className={`badge status-${status}`}>{STATUS_LABELS[status]}</span>;
}
