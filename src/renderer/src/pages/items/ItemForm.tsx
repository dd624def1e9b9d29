import { useState, type FormEvent } from 'react';
import { TaskSchema, type Item } from '../../../../shared/app-api';
import { TASKS } from '../../../../shared/contract/endpoints';
import { keywordLines, keywordsFromLines } from '../../../../shared/keyword-list';
import { Notice } from '../../components/Notice';
import { api } from '../../bridge';
import { useAction } from '../../hooks/use-action';
import { taskTitle } from '../../lib/format';
import { PromptFileField } from './PromptFileField';

interface ItemFormProps {
  item: Item | null;
  onSaved: (item: Item) => void;
  onCancel: () => void;
}

export function ItemForm({ item, onSaved, onCancel }: ItemFormProps) {
  const [task, setTask] = useState<Item['task']>(item?.task ?? 'rs');
  const [title, setTitle] = useState(item?.title ?? '');
  const [refText, setRefText] = useState(item?.refText ?? '');
  const [keywords, setKeywords] = useState(keywordLines(item?.keywords ?? []));
  const [promptAudioPath, setPromptAudioPath] = useState(item?.promptAudioPath ?? null);
  const [imagePath, setImagePath] = useState(item?.imagePath ?? null);
  const save = useAction(async () => {
    const input = {
      task,
      title,
      refText,
      keywords: keywordsFromLines(keywords),
      promptAudioPath,
      imagePath,
    };
    const saved = item
      ? await api.call('items.update', { ...input, id: item.id })
      : await api.call('items.create', input);
    onSaved(saved);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run();
  };
  const takesKeywords = task === 'rl' || task === 'di';
  return (
    <form className="form" onSubmit={submit}>
      <label>
        Task
        <select value={task} onChange={(e) => setTask(TaskSchema.parse(e.target.value))}>
          {TASKS.map((value) => (
            <option key={value} value={value}>
              {taskTitle(value)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Title
        <input value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} />
      </label>
      <label>
        Reference text
        <textarea
          value={refText}
          onChange={(e) => setRefText(e.target.value)}
          required
          rows={5}
          placeholder={
            task === 'wfd'
              ? 'The sentence that is dictated'
              : 'What the candidate is expected to say'
          }
        />
      </label>
      <label>
        Keywords (key points)
        <textarea
          value={keywords}
          onChange={(e) => setKeywords(e.target.value)}
          rows={4}
          aria-describedby="keywords-help"
          placeholder={
            takesKeywords
              ? 'One key point a line, e.g.\nU.S. economy\nclimate change'
              : 'Used by Retell Lecture and Describe Image'
          }
        />
        <small id="keywords-help" className="muted">
          One key point a line, written as it should be shown: commas, full stops and hyphens stay
          part of it.
        </small>
      </label>
      {task !== 'di' && (
        <PromptFileField
          kind="audio"
          label="Prompt audio"
          value={promptAudioPath}
          onChange={setPromptAudioPath}
        />
      )}
      {task === 'di' && (
        <PromptFileField kind="image" label="Picture" value={imagePath} onChange={setImagePath} />
      )}
      <Notice message={save.error} />
      <div className="form-actions">
        <button type="button" className="button-quiet" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button-primary" disabled={save.busy}>
          {item ? 'Save changes' : 'Add item'}
        </button>
      </div>
    </form>
  );
}
