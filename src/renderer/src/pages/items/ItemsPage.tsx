import { useState } from 'react';
import { TaskSchema, type Item } from '../../../../shared/app-api';
import { TASKS, type Task } from '../../../../shared/contract/endpoints';
import { api } from '../../bridge';
import { ConfirmButton } from '../../components/ConfirmButton';
import { EmptyState } from '../../components/EmptyState';
import { Modal } from '../../components/Modal';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { useAction } from '../../hooks/use-action';
import { useApiQuery } from '../../hooks/use-api-query';
import { useAppInfo } from '../../hooks/use-app-info';
import { deliverExport } from '../../lib/export-file';
import { taskTitle } from '../../lib/format';
import { ImportItems } from './ImportItems';
import { ItemForm } from './ItemForm';
import { inExamOrder } from '../../../../shared/exam-order';

type Editing = { item: Item | null } | null;

export function ItemsPage() {
  const [task, setTask] = useState<Task | undefined>();
  const [editing, setEditing] = useState<Editing>(null);
  const items = useApiQuery('items.list', { ...(task ? { task } : {}), includeArchived: true });
  const settings = useApiQuery('settings.get', {});
  const info = useAppInfo();
  const [exported, setExported] = useState<string | null>(null);
  const archive = useAction(async (item: Item) => {
    await api.call(item.archivedAt ? 'items.restore' : 'items.archive', { id: item.id });
    items.reload();
  });
  const remove = useAction(async (id: number) => {
    await api.call('items.delete', { id });
    items.reload();
  });
  const showSamples = useAction(async (show: boolean) => {
    settings.setData(() => undefined);
    await api.call('settings.update', { showSamples: show });
    settings.reload();
    items.reload();
  });
  const exportAll = useAction(async () => {
    setExported(deliverExport(await api.call('items.export', {}), info?.host));
  });
  const rows = inExamOrder(items.data ?? []);
  const add = () => setEditing({ item: null });
  return (
    <section aria-labelledby="page-title">
      <PageHeader title="Items">
        <ImportItems onImported={items.reload} />
        <button type="button" className="button-secondary" onClick={() => void exportAll.run()}>
          Export items
        </button>
        <button type="button" className="button-primary" onClick={add}>
          Add item
        </button>
      </PageHeader>
      <div className="toolbar">
        <label className="inline-label">
          Task
          <select
            aria-label="Filter by task"
            value={task ?? ''}
            onChange={(e) => setTask(e.target.value ? TaskSchema.parse(e.target.value) : undefined)}
          >
            <option value="">All tasks</option>
            {TASKS.map((value) => (
              <option key={value} value={value}>
                {taskTitle(value)}
              </option>
            ))}
          </select>
        </label>
        {settings.data && (
          <label className="checkbox-label">
            <input
              type="checkbox"
              checked={settings.data.showSamples}
              disabled={showSamples.busy}
              onChange={(e) => void showSamples.run(e.target.checked)}
            />
            Show the sample items
          </label>
        )}
      </div>
      <Notice
        message={
          items.error ?? remove.error ?? archive.error ?? showSamples.error ?? exportAll.error
        }
      />
      <Notice message={exported} kind="success" />
      {!items.loading && rows.length === 0 && (
        <EmptyState title={task ? `No ${taskTitle(task)} items yet` : 'No items yet — add one'}>
          <button type="button" className="button-primary" onClick={add}>
            Add item
          </button>
        </EmptyState>
      )}
      {rows.length > 0 && (
        <ItemsTable
          rows={rows}
          onEdit={(item) => setEditing({ item })}
          onDelete={remove.run}
          onArchive={(item) => void archive.run(item)}
        />
      )}
      {editing && (
        <Modal
          title={editing.item ? 'Edit item' : 'Add item'}
          onClose={() => setEditing(null)}
          wide
        >
          <ItemForm
            item={editing.item}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              items.reload();
            }}
          />
        </Modal>
      )}
    </section>
  );
}

interface ItemsTableProps {
  rows: Item[];
  onEdit: (item: Item) => void;
  onDelete: (id: number) => Promise<boolean>;
  /** Archives an item (or restores an archived one): it leaves the pick lists, keeping its results. */
  onArchive: (item: Item) => void;
}

function ItemsTable({ rows, onEdit, onDelete, onArchive }: ItemsTableProps) {
  return (
    <table className="table" aria-label="Items">
      <thead>
        <tr>
          <th>Title</th>
          <th>Task</th>
          <th>Reference text</th>
          <th>Keywords</th>
          <th>Prompt</th>
          <th>
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((item) => (
          <tr key={item.id}>
            <td className="strong">
              {item.title}
              {item.archivedAt && <span className="badge badge-archived">Archived</span>}
            </td>
            <td>
              <span className={`badge task-${item.task}`}>{taskTitle(item.task)}</span>
            </td>
            <td className="clip">{item.refText}</td>
            <td className="keywords-cell">
              <div className="chips">
                {item.keywords.map((keyword, index) => (
                  <span key={index} className="chip">
                    {keyword}
                  </span>
                ))}
              </div>
            </td>
            <td>
              <div className="chips">
                {item.promptAudioPath && <span className="chip">Audio</span>}
                {item.imagePath && <span className="chip">Picture</span>}
                {item.sample && <span className="chip">Sample</span>}
              </div>
            </td>
            <td className="row-actions">
              <button type="button" className="button-quiet" onClick={() => onEdit(item)}>
                Edit
              </button>
              <button type="button" className="button-quiet" onClick={() => onArchive(item)}>
                {item.archivedAt ? 'Restore' : 'Archive'}
              </button>
              <ConfirmButton
                label="Delete"
                confirmLabel={`Delete ${item.title}`}
                onConfirm={() => void onDelete(item.id)}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
