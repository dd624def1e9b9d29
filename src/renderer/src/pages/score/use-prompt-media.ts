import { useEffect, useState } from 'react';
import { api } from '../../bridge';
import { base64ToBlob } from '../../lib/base64';

export interface PromptMedia {
  url: string | null;
  error: string | null;
  loading: boolean;
}

/** An item's prompt file, fetched from the data folder as an object URL (revoked on change). */
export function usePromptMedia(reference: string | null): PromptMedia {
  const [state, setState] = useState<{
    for: string | null;
    url: string | null;
    error: string | null;
  }>({ for: null, url: null, error: null });
  useEffect(() => {
    if (!reference) return;
    let url: string | null = null;
    let current = true;
    api.call('media.get', { path: reference }).then(
      (file) => {
        url = URL.createObjectURL(base64ToBlob(file.base64, file.mimeType));
        if (current) setState({ for: reference, url, error: null });
      },
      (reason: unknown) => {
        const error = reason instanceof Error ? reason.message : String(reason);
        if (current) setState({ for: reference, url: null, error });
      },
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [reference]);
  if (!reference) return { url: null, error: null, loading: false };
  const ready = state.for === reference;
  return { url: ready ? state.url : null, error: ready ? state.error : null, loading: !ready };
}
