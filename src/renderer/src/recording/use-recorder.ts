import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_ANSWER_SECONDS } from '../../../shared/recorded-length';
import { Microphone, microphoneMessage, type Recording } from './microphone';
import { checkRecording } from './recording-check';

export type RecorderState = 'idle' | 'recording' | 'checking' | 'stopped';

export const FREE_RECORDING_LIMIT_MS = MAX_ANSWER_SECONDS * 1000;

/**
 * Free recording (no exam timing) with the app's one recorder: started and stopped by the
 * examiner, stopped at the scoring service's limit, and checked before it can be submitted.
 */
export function useRecorder() {
  const [state, setState] = useState<RecorderState>('idle');
  const [level, setLevel] = useState(0);
  const [clipping, setClipping] = useState(false);
  const [elapsedMs, setElapsedMs] = useState(0);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stoppedAtLimit, setStoppedAtLimit] = useState(false);
  const microphone = useRef<Microphone | null>(null);
  // While the microphone opens: a second click would start a second capture nobody stops.
  const opening = useRef(false);
  const mounted = useRef(true);

  const replaceRecording = useCallback((next: Recording | null) => {
    setRecording((previous) => {
      if (previous) URL.revokeObjectURL(previous.url);
      return next;
    });
  }, []);

  const stop = useCallback(async () => {
    const mic = microphone.current;
    if (!mic) return;
    microphone.current = null;
    setState('checking');
    setLevel(0);
    try {
      const result = await mic.stopRecording();
      setElapsedMs(result.durationMs);
      const problem = await checkRecording(result);
      if (!mounted.current) return;
      if (problem) {
        URL.revokeObjectURL(result.url);
        setError(`${problem} Record the answer again.`);
        setState('idle');
        return;
      }
      replaceRecording(result);
      setState('stopped');
    } catch (reason) {
      setError(microphoneMessage(reason));
      setState('idle');
    } finally {
      mic.close();
    }
  }, [replaceRecording]);

  const start = useCallback(async () => {
    if (opening.current) return;
    opening.current = true;
    setError(null);
    setStoppedAtLimit(false);
    setClipping(false);
    setElapsedMs(0);
    replaceRecording(null);
    try {
      const opened = await Microphone.open();
      // Left the page while the microphone opened: release it at once.
      if (!mounted.current) return opened.close();
      microphone.current = opened;
      opened.onLost(() => void stop());
      await opened.startRecording();
      setState('recording');
      opened.watch((value, clipped) => {
        const elapsed = opened.elapsedMs();
        setLevel(value);
        setClipping(clipped);
        setElapsedMs(elapsed);
        if (elapsed >= FREE_RECORDING_LIMIT_MS && microphone.current === opened) {
          setStoppedAtLimit(true);
          void stop();
        }
      });
    } catch (reason) {
      microphone.current?.close();
      microphone.current = null;
      setError(microphoneMessage(reason));
    } finally {
      opening.current = false;
    }
  }, [replaceRecording, stop]);

  const discard = useCallback(() => {
    replaceRecording(null);
    setClipping(false);
    setElapsedMs(0);
    setStoppedAtLimit(false);
    setState('idle');
  }, [replaceRecording]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      microphone.current?.close();
    };
  }, []);
  return {
    state,
    level,
    clipping,
    elapsedMs,
    limitMs: FREE_RECORDING_LIMIT_MS,
    stoppedAtLimit,
    recording,
    error,
    start,
    stop,
    discard,
  };
}
