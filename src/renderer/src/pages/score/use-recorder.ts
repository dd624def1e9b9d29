import { useCallback, useEffect, useRef, useState } from 'react';

const PREFERRED_TYPE = 'audio/webm;codecs=opus';

export interface Recording {
  blob: Blob;
  /** An object URL for listening back; revoked when the recording is replaced. */
  url: string;
  mimeType: string;
  durationMs: number;
}

export type RecorderState = 'idle' | 'recording' | 'stopped';

/** Microphone capture with MediaRecorder, and a 0..1 input level for a meter. */
export function useRecorder() {
  const [state, setState] = useState<RecorderState>('idle');
  const [level, setLevel] = useState(0);
  const [elapsedMs, setElapsedMs] = useState(0);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [error, setError] = useState<string | null>(null);
  const session = useRef<CaptureSession | null>(null);
  // While the microphone opens: a second click would start a second capture nobody stops.
  const opening = useRef(false);
  const mounted = useRef(true);

  const replaceRecording = useCallback((next: Recording | null) => {
    setRecording((previous) => {
      if (previous) URL.revokeObjectURL(previous.url);
      return next;
    });
  }, []);

  const start = useCallback(async () => {
    if (opening.current) return;
    opening.current = true;
    setError(null);
    replaceRecording(null);
    try {
      const opened = await CaptureSession.open({
        onLevel: (value, elapsed) => {
          setLevel(value);
          setElapsedMs(elapsed);
        },
        onDone: (result) => {
          replaceRecording(result);
          setState('stopped');
          setLevel(0);
        },
      });
      // Left the page while the microphone opened: release it at once.
      if (!mounted.current) return opened.stop();
      session.current = opened;
      setState('recording');
    } catch (reason) {
      setError(microphoneMessage(reason));
    } finally {
      opening.current = false;
    }
  }, [replaceRecording]);

  const stop = useCallback(() => session.current?.stop(), []);
  const discard = useCallback(() => {
    replaceRecording(null);
    setElapsedMs(0);
    setState('idle');
  }, [replaceRecording]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      session.current?.stop();
    };
  }, []);
  return { state, level, elapsedMs, recording, error, start, stop, discard };
}

interface SessionCallbacks {
  onLevel: (level: number, elapsedMs: number) => void;
  onDone: (recording: Recording) => void;
}

/** One recording: the stream, the recorder, and the analyser that drives the meter. */
class CaptureSession {
  private frame = 0;
  private readonly startedAt = performance.now();

  private constructor(
    private readonly stream: MediaStream,
    private readonly recorder: MediaRecorder,
    private readonly audio: AudioContext,
    private readonly analyser: AnalyserNode,
  ) {}

  static async open(callbacks: SessionCallbacks): Promise<CaptureSession> {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
    const mimeType = MediaRecorder.isTypeSupported(PREFERRED_TYPE) ? PREFERRED_TYPE : '';
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const audio = new AudioContext();
    const analyser = audio.createAnalyser();
    analyser.fftSize = 1024;
    audio.createMediaStreamSource(stream).connect(analyser);
    const session = new CaptureSession(stream, recorder, audio, analyser);
    session.record(callbacks);
    return session;
  }

  private record({ onLevel, onDone }: SessionCallbacks): void {
    const chunks: Blob[] = [];
    this.recorder.ondataavailable = (event) => chunks.push(event.data);
    this.recorder.onstop = () => {
      // Also reached when the microphone goes away mid-answer, without stop() being called.
      this.release();
      const mimeType = this.recorder.mimeType || PREFERRED_TYPE;
      const blob = new Blob(chunks, { type: mimeType });
      onDone({ blob, url: URL.createObjectURL(blob), mimeType, durationMs: this.elapsed() });
    };
    this.recorder.start(250);
    const samples = new Float32Array(this.analyser.fftSize);
    const tick = () => {
      this.analyser.getFloatTimeDomainData(samples);
      onLevel(rms(samples), this.elapsed());
      this.frame = requestAnimationFrame(tick);
    };
    tick();
  }

  stop(): void {
    if (this.recorder.state !== 'inactive') this.recorder.stop();
    this.release();
  }

  private release(): void {
    cancelAnimationFrame(this.frame);
    for (const track of this.stream.getTracks()) track.stop();
    if (this.audio.state !== 'closed') void this.audio.close().catch(() => undefined);
  }

  private elapsed(): number {
    return performance.now() - this.startedAt;
  }
}

/** Speech peaks near 0.3 RMS; scaled so that normal speech fills most of the meter. */
export function rms(samples: Float32Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.min(1, Math.sqrt(sum / samples.length) * 3);
}

export function microphoneMessage(reason: unknown): string {
  if (reason instanceof DOMException && reason.name === 'NotAllowedError') {
    return 'Examiner may not use the microphone. Allow it and try again.';
  }
  if (reason instanceof DOMException && reason.name === 'NotFoundError') {
    return 'No microphone was found. Connect one and try again.';
  }
  return `The microphone could not be started: ${reason instanceof Error ? reason.message : String(reason)}`;
}
