import { useState, type FormEvent } from 'react';
import type { Settings } from '../../../../shared/app-api';
import { api } from '../../bridge';
import { Notice } from '../../components/Notice';
import { useAction } from '../../hooks/use-action';

interface ApiKeyPanelProps {
  keySet: boolean;
  /** The key's last four characters, all the main process ever tells the window. */
  lastFour: string | null;
  onChanged: (settings: Settings) => void;
}

/** The key is write-only here: the window never receives it back. */
export function ApiKeyPanel({ keySet, lastFour, onChanged }: ApiKeyPanelProps) {
  const [key, setKey] = useState('');
  const store = useAction(async () => {
    onChanged(await api.call('settings.setApiKey', { key }));
    setKey('');
  });
  const clear = useAction(async () => onChanged(await api.call('settings.clearApiKey', {})));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.run();
  };
  return (
    <form className="form card" onSubmit={submit}>
      <h2>API key</h2>
      <p className="key-state" role="status">
        {keySet
          ? lastFour
            ? `A key ending in …${lastFour} is set`
            : 'A key is set'
          : 'No key is set'}
      </p>
      <p className="muted">
        Sent to the remote scoring server with every request. It is stored encrypted or readable
        only by you.
      </p>
      <label>
        API key
        <input
          type="password"
          autoComplete="off"
          value={key}
          placeholder={keySet ? 'Enter a new key to replace it' : 'Paste the key'}
          onChange={(e) => setKey(e.target.value)}
        />
      </label>
      <Notice message={store.error ?? clear.error} />
      <div className="form-actions">
        {keySet && (
          <button
            type="button"
            className="button-quiet"
            disabled={clear.busy}
            onClick={() => void clear.run()}
          >
            Clear key
          </button>
        )}
        <button type="submit" className="button-primary" disabled={!key || store.busy}>
          Set key
        </button>
      </div>
    </form>
  );
}
