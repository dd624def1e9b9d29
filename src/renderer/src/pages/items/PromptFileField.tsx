import { useRef } from 'react';
import { api } from '../../bridge';
import { useAction } from '../../hooks/use-action';
import { blobToBase64 } from '../../lib/base64';
import { Notice } from '../../components/Notice';
import { usePromptMedia } from '../score/use-prompt-media';

const ACCEPT = {
  audio: '.wav,.mp3,.ogg,.opus,.webm,.flac,audio/*',
  image: '.png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml',
};

interface PromptFileFieldProps {
  kind: 'audio' | 'image';
  label: string;
  value: string | null;
  onChange: (reference: string | null) => void;
}

/** Picks a prompt file; the main process checks it and copies it into the data folder. */
export function PromptFileField({ kind, label, value, onChange }: PromptFileFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const media = usePromptMedia(value);
  const upload = useAction(async (file: File) => {
    const stored = await api.call('media.import', {
      fileName: file.name,
      base64: await blobToBase64(file),
      kind,
    });
    onChange(stored.path);
  });
  return (
    <div className="form-field">
      <span className="field-label">{label}</span>
      <div className="media-field">
        {media.url && kind === 'audio' && <audio controls src={media.url} aria-label={label} />}
        {media.url && kind === 'image' && (
          <img className="media-preview" src={media.url} alt={label} />
        )}
        {!value && <span className="muted">None</span>}
        <button type="button" className="button-secondary" onClick={() => input.current?.click()}>
          {value ? 'Replace…' : 'Choose file…'}
        </button>
        {value && (
          <button type="button" className="button-quiet" onClick={() => onChange(null)}>
            Remove
          </button>
        )}
        <input
          ref={input}
          type="file"
          hidden
          accept={ACCEPT[kind]}
          aria-label={`${label} file`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload.run(file);
          }}
        />
      </div>
      <Notice message={upload.error ?? media.error} />
    </div>
  );
}
