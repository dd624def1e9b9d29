import { TaskSchema } from '../../../shared/app-api';
import { TASKS, type Task } from '../../../shared/contract/endpoints';
import { taskTitle } from '../lib/format';

/** A task filter: one task, or all of them. */
export function TaskSelect({
  value,
  onChange,
}: {
  value: Task | undefined;
  onChange: (task: Task | undefined) => void;
}) {
  return (
    <label className="inline-label">
      Task
      <select
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value ? TaskSchema.parse(e.target.value) : undefined)}
      >
        <option value="">All tasks</option>
        {TASKS.map((task) => (
          <option key={task} value={task}>
            {taskTitle(task)}
          </option>
        ))}
      </select>
    </label>
  );
}
