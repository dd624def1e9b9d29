import { useEffect, useState } from 'react';
import { api } from '../../bridge';
import { base64ToBlob } from '../../lib/base64';

export interface LoadedRecording {
  blob: Blob | null;
  url: string | null;
  error: string | null;
}

/** An attempt's stored recording as a blob and an object URL, revoked when no longer shown. */
export function useRecording(attemptId: number): LoadedRecording {
  const [state, setState] = useState<LoadedRecording>({ blob: null, url: null, error: null });
  useEffect(() => {
    let created: string | null = null;
    let current = true;
    api.call('attempts.audio', { id: attemptId }).then(
      ({ base64, mimeType }) => {
        if (!current) return;
        const blob = base64ToBlob(base64, mimeType);
        created = URL.createObjectURL(blob);
        setState({ blob, url: created, error: null });
      },
      (reason: unknown) =>
        current && setState({ blob: null, url: null, error: String((reason as Error).message) }),
    );
    return () => {
      current = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [attemptId]);
  return state;
}
