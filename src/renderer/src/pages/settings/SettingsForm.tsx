import { useState, type FormEvent } from 'react';
import type { Settings } from '../../../../shared/app-api';
import { api } from '../../bridge';
import { Notice } from '../../components/Notice';
import { useAction } from '../../hooks/use-action';

type Draft = Omit<Settings, 'apiKeySet'>;

function withoutKeyState({ apiKeySet: _apiKeySet, ...draft }: Settings): Draft {
  return draft;
}

interface SettingsFormProps {
  settings: Settings;
  onSaved: (settings: Settings) => void;
}

export function SettingsForm({ settings, onSaved }: SettingsFormProps) {
  const [draft, setDraft] = useState<Draft>(() => withoutKeyState(settings));
  const [saved, setSaved] = useState(false);
  const update = (patch: Partial<Draft>) => {
    setSaved(false);
    setDraft((current) => ({ ...current, ...patch }));
  };
  const save = useAction(async () => {
    onSaved(await api.call('settings.update', draft));
    setSaved(true);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run();
  };
  const remote = draft.endpointMode === 'remote';
  return (
    <form className="form card" onSubmit={submit} aria-label="Scoring settings">
      <h2>Scoring</h2>
      <fieldset className="radio-group">
        <legend>Scoring service</legend>
        <label>
          <input
            type="radio"
            name="endpointMode"
            checked={!remote}
            onChange={() => update({ endpointMode: 'embedded' })}
          />
          Built-in engine (works offline)
        </label>
        <label>
          <input
            type="radio"
            name="endpointMode"
            checked={remote}
            onChange={() => update({ endpointMode: 'remote' })}
          />
          Remote scoring server
        </label>
      </fieldset>
      <label>
        Remote server URL
        <input
          type="url"
          value={draft.remoteBaseUrl}
          disabled={!remote}
          placeholder="https://scoring.example.org"
          onChange={(e) => update({ remoteBaseUrl: e.target.value })}
        />
      </label>
      <label>
        Recordings URL base
        <input
          type="url"
          value={draft.mediaBaseUrl}
          disabled={!remote}
          placeholder="Only for servers that cannot read embedded audio"
          onChange={(e) => update({ mediaBaseUrl: e.target.value })}
        />
      </label>
      <div className="form-row">
        <label>
          Score scale
          <input
            type="number"
            min={0.1}
            max={100}
            step="any"
            value={draft.defaultScale}
            onChange={(e) => update({ defaultScale: e.target.valueAsNumber })}
          />
        </label>
        <label>
          Score precision
          <input
            type="number"
            min={0.01}
            max={1}
            step="any"
            value={draft.defaultPrecision}
            onChange={(e) => update({ defaultPrecision: e.target.valueAsNumber })}
          />
        </label>
      </div>
      <label>
        Recordings folder
        <input
          value={draft.recordingsDir}
          onChange={(e) => update({ recordingsDir: e.target.value })}
        />
      </label>
      <Notice message={save.error} />
      {saved && <Notice message="Settings saved." kind="success" />}
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={save.busy}>
          Save settings
        </button>
      </div>
    </form>
  );
}
