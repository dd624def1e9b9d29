import { useEffect, useState, type FormEvent } from 'react';
import {
  EXAM_TIMING,
  type ExamTiming,
  type Settings,
  type TaskTiming,
} from '../../../../shared/app-api';
import { TASKS, type Task } from '../../../../shared/contract/endpoints';
import { api } from '../../bridge';
import { Notice } from '../../components/Notice';
import { useAction } from '../../hooks/use-action';
import { useApiQuery } from '../../hooks/use-api-query';
import { taskTitle } from '../../lib/format';

const FIELDS: [keyof TaskTiming, string][] = [
  ['leadInSeconds', 'Beginning in (s)'],
  ['prepSeconds', 'Preparation (s)'],
  ['responseSeconds', 'Answer limit (s)'],
];

/** The exam timing per task and the microphone; docs/exam-timing.md explains each value. */
export function ExamSettingsPanel() {
  const settings = useApiQuery('settings.get', {});
  return (
    <div className="sitting">
      <Notice message={settings.error} />
      {settings.data && (
        <>
          <MicrophonePicker
            settings={settings.data}
            onSaved={(next) => settings.setData(() => next)}
          />
          <TimingForm settings={settings.data} onSaved={(next) => settings.setData(() => next)} />
        </>
      )}
    </div>
  );
}

interface PanelProps {
  settings: Settings;
  onSaved: (settings: Settings) => void;
}

function TimingForm({ settings, onSaved }: PanelProps) {
  const [draft, setDraft] = useState<ExamTiming>(settings.examTiming);
  const [saved, setSaved] = useState(false);
  const save = useAction(async () => {
    onSaved(await api.call('settings.update', { examTiming: draft }));
    setSaved(true);
  });
  const setTask = (task: Task, field: keyof TaskTiming, value: number) => {
    setSaved(false);
    setDraft((current) => ({ ...current, [task]: { ...current[task], [field]: value } }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run();
  };
  return (
    <form className="card form" onSubmit={submit} aria-label="Exam timing">
      <h2>Exam timing</h2>
      <table className="table">
        <thead>
          <tr>
            <th>Task</th>
            {FIELDS.map(([field, label]) => (
              <th key={field}>{label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {TASKS.map((task) => (
            <tr key={task}>
              <td>{taskTitle(task)}</td>
              {FIELDS.map(([field, label]) => (
                <td key={field}>
                  <input
                    type="number"
                    aria-label={`${taskTitle(task)}: ${label}`}
                    min={field === 'responseSeconds' ? 1 : 0}
                    step="any"
                    value={draft[task][field]}
                    onChange={(e) => setTask(task, field, Number(e.target.value))}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="form-row">
        <label>
          Stop after silence (s)
          <input
            type="number"
            min={0.5}
            step="any"
            value={draft.silenceStopSeconds}
            onChange={(e) => setDraft({ ...draft, silenceStopSeconds: Number(e.target.value) })}
          />
        </label>
        <label>
          Flat microphone warning after (s)
          <input
            type="number"
            min={0.5}
            step="any"
            value={draft.silentInputSeconds}
            onChange={(e) => setDraft({ ...draft, silentInputSeconds: Number(e.target.value) })}
          />
        </label>
      </div>
      <Notice message={save.error} />
      <Notice message={saved ? 'Exam timing saved.' : null} kind="success" />
      <div className="form-actions">
        <button
          type="button"
          className="button-quiet"
          onClick={() => {
            setSaved(false);
            setDraft(EXAM_TIMING);
          }}
        >
          Restore the exam&apos;s timing
        </button>
        <button type="submit" className="button-primary" disabled={save.busy}>
          Save timing
        </button>
      </div>
    </form>
  );
}

/** Lists the inputs the window may use; their names appear once permission is granted. */
function MicrophonePicker({ settings, onSaved }: PanelProps) {
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [error, setError] = useState<string | null>(null);
  const save = useAction(async (microphoneId: string) => {
    onSaved(await api.call('settings.update', { microphoneId }));
  });
  useEffect(() => {
    const media = navigator.mediaDevices;
    if (!media?.enumerateDevices) return;
    const load = () =>
      media.enumerateDevices().then(
        (all) => setDevices(all.filter((device) => device.kind === 'audioinput')),
        (reason: unknown) => setError(String(reason)),
      );
    void load();
    media.addEventListener('devicechange', load);
    return () => media.removeEventListener('devicechange', load);
  }, []);
  const unavailable =
    'enumerateDevices' in (navigator.mediaDevices ?? {})
      ? null
      : 'This window cannot use a microphone.';
  const missing =
    settings.microphoneId !== '' &&
    devices.length > 0 &&
    !devices.some((device) => device.deviceId === settings.microphoneId);
  return (
    <section className="card form" aria-label="Microphone">
      <h2>Microphone</h2>
      <label>
        Record from
        <select
          value={settings.microphoneId}
          onChange={(e) => void save.run(e.target.value)}
          disabled={save.busy}
        >
          <option value="">The system&apos;s default microphone</option>
          {devices
            .filter((device) => device.deviceId && device.deviceId !== 'default')
            .map((device, index) => (
              <option key={device.deviceId} value={device.deviceId}>
                {device.label || `Microphone ${index + 1}`}
              </option>
            ))}
          {missing && (
            <option value={settings.microphoneId}>The chosen microphone (not connected)</option>
          )}
        </select>
      </label>
      {missing && (
        <Notice message="The chosen microphone is not connected. Plug it in, or choose another." />
      )}
      <Notice message={unavailable ?? error ?? save.error} />
    </section>
  );
}
