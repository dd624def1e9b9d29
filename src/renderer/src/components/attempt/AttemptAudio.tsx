import { useEffect, useRef, useState } from 'react';
import { api } from '../../bridge';
import { base64ToBlob } from '../../lib/base64';
import { Notice } from '../Notice';

interface AttemptAudioProps {
  attemptId: number;
  /** Reports the playback position in ms while playing, null when stopped. */
  onPosition: (positionMs: number | null) => void;
}

/** The stored recording, played from a blob URL, with the position tracked every frame. */
export function AttemptAudio({ attemptId, onPosition }: AttemptAudioProps) {
  const { url, error } = useRecordingUrl(attemptId);
  const element = useRef<HTMLAudioElement>(null);
  useEffect(() => followPlayback(element.current, onPosition), [url, onPosition]);

  if (error) return <Notice message={error} />;
  if (!url) return <p className="muted">Loading the recording…</p>;
  return <audio ref={element} controls src={url} aria-label="Recording" className="player" />;
}

function useRecordingUrl(attemptId: number) {
  const [state, setState] = useState<{ url: string | null; error: string | null }>({
    url: null,
    error: null,
  });
  useEffect(() => {
    let created: string | null = null;
    let current = true;
    api.call('attempts.audio', { id: attemptId }).then(
      ({ base64, mimeType }) => {
        if (!current) return;
        created = URL.createObjectURL(base64ToBlob(base64, mimeType));
        setState({ url: created, error: null });
      },
      (reason: unknown) =>
        current && setState({ url: null, error: String((reason as Error).message) }),
    );
    return () => {
      current = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [attemptId]);
  return state;
}

/** Calls back with the position every animation frame while playing. */
function followPlayback(player: HTMLAudioElement | null, onPosition: (ms: number | null) => void) {
  if (!player) return;
  let frame = 0;
  const follow = () => {
    onPosition(player.currentTime * 1000);
    frame = requestAnimationFrame(follow);
  };
  const pause = () => {
    cancelAnimationFrame(frame);
    onPosition(player.ended ? null : player.currentTime * 1000);
  };
  player.addEventListener('play', follow);
  player.addEventListener('pause', pause);
  player.addEventListener('ended', pause);
  return () => {
    cancelAnimationFrame(frame);
    player.removeEventListener('play', follow);
    player.removeEventListener('pause', pause);
    player.removeEventListener('ended', pause);
  };
}
