import { useState, type FormEvent } from 'react';
import type { Settings } from '../../../../shared/app-api';
import { api } from '../../bridge';
import { Notice } from '../../components/Notice';
import { useAction } from '../../hooks/use-action';

type Draft = Omit<Settings, 'apiKeySet' | 'apiKeyLastFour'>;

function withoutKeyState({
  apiKeySet: _apiKeySet,
  apiKeyLastFour: _apiKeyLastFour,
  ...draft
}: Settings): Draft {
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
      {remote && !settings.apiKeySet && (
        <Notice
          kind="info"
          message='No API key is set: a remote scoring server will most likely refuse every request. Set the key under "API key".'
        />
      )}
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
            aria-describedby="score-scale-help"
            onChange={(e) => update({ defaultScale: e.target.valueAsNumber })}
          />
          <span id="score-scale-help" className="field-help">
            The highest speaking score: with 5, each score runs from 0 to 5. Dictation counts words
            instead.
          </span>
        </label>
        <label>
          Score precision
          <input
            type="number"
            min={0.01}
            max={1}
            step="any"
            value={draft.defaultPrecision}
            aria-describedby="score-precision-help"
            onChange={(e) => update({ defaultPrecision: e.target.valueAsNumber })}
          />
          <span id="score-precision-help" className="field-help">
            The step between scores: with 0.5 on a scale of 5, scores are 0, 0.5, 1 … 5.
          </span>
        </label>
      </div>
      <label>
        Recordings folder
        <input
          value={draft.recordingsDir}
          onChange={(e) => update({ recordingsDir: e.target.value })}
        />
      </label>
      {save.busy && <p className="muted">Checking the settings and the folder…</p>}
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
