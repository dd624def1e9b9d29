import { ATTEMPT_STATUSES, AttemptStatus, type HistoryFilter } from '../../../../shared/app-api';
import { TaskSelect } from '../../components/TaskSelect';
import { useApiQuery } from '../../hooks/use-api-query';
import { STATUS_LABELS } from '../../lib/format';

interface HistoryFiltersProps {
  filter: HistoryFilter;
  onChange: (filter: HistoryFilter) => void;
}

export function HistoryFilters({ filter, onChange }: HistoryFiltersProps) {
  const candidates = useApiQuery('candidates.list', { search: '', includeArchived: true });
  const set = (patch: Partial<HistoryFilter>) => onChange({ ...filter, ...patch });
  return (
    <div className="toolbar toolbar-wrap" role="group" aria-label="Filters">
      <input
        type="search"
        aria-label="Search history"
        placeholder="Search candidate or item"
        value={filter.search ?? ''}
        onChange={(e) => set({ search: e.target.value || undefined })}
      />
      <label className="inline-label">
        From
        <input
          type="date"
          value={filter.from ?? ''}
          onChange={(e) => set({ from: e.target.value || undefined })}
        />
      </label>
      <label className="inline-label">
        To
        <input
          type="date"
          value={filter.to ?? ''}
          onChange={(e) => set({ to: e.target.value || undefined })}
        />
      </label>
      <label className="inline-label">
        Review
        <select
          value={filter.review ?? ''}
          onChange={(e) =>
            set({
              review:
                e.target.value === 'needs_review' || e.target.value === 'moderated'
                  ? e.target.value
                  : undefined,
            })
          }
        >
          <option value="">All</option>
          <option value="needs_review">Needs review</option>
          <option value="moderated">Moderated</option>
        </select>
      </label>
      <label className="inline-label">
        Candidate
        <select
          value={filter.candidateId ?? ''}
          onChange={(e) =>
            set({ candidateId: e.target.value ? Number(e.target.value) : undefined })
          }
        >
          <option value="">All candidates</option>
          {(candidates.data ?? []).map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.archivedAt ? `${candidate.name} (archived)` : candidate.name}
            </option>
          ))}
        </select>
      </label>
      <label className="inline-label">
        Sitting
        <input
          type="number"
          min={1}
          className="input-narrow"
          aria-label="Sitting number"
          placeholder="All"
          value={filter.sittingId ?? ''}
          onChange={(e) => {
            const id = Number(e.target.value);
            set({ sittingId: Number.isInteger(id) && id > 0 ? id : undefined });
          }}
        />
      </label>
      <TaskSelect value={filter.task} onChange={(task) => set({ task })} />
      <label className="inline-label">
        Status
        <select
          value={filter.status ?? ''}
          onChange={(e) =>
            set({ status: e.target.value ? AttemptStatus.parse(e.target.value) : undefined })
          }
        >
          <option value="">All statuses</option>
          {ATTEMPT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
