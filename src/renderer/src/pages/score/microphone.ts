import { microphoneMessage, rms, type Recording } from './use-recorder';

const PREFERRED_TYPE = 'audio/webm;codecs=opus';

/** Below this meter level the input counts as flat: a muted or dead microphone. */
export const FLAT_LEVEL = 0.004;
/** Above this level, speech (or at least sound) is present; below SILENCE_LEVEL is silence. */
export const SPEECH_LEVEL = 0.06;
export const SILENCE_LEVEL = 0.04;

export class MicrophoneError extends Error {}

/**
 * The microphone through one exam item: opened before the item's time runs (so a refused
 * permission or a missing device is reported first), watched for a flat input, then
 * recorded from at the beep. The level is read on every animation frame.
 */
export class MicrophoneSession {
  private frame = 0;
  private recorder: MediaRecorder | null = null;
  private closed = false;
  private lostListener: (() => void) | null = null;

  private constructor(
    private readonly stream: MediaStream,
    private readonly audio: AudioContext,
    private readonly analyser: AnalyserNode,
  ) {
    for (const track of stream.getAudioTracks()) {
      track.addEventListener('ended', () => {
        if (!this.closed) this.lostListener?.();
      });
    }
  }

  static async open(deviceId: string): Promise<MicrophoneSession> {
    if (!navigator.mediaDevices?.getUserMedia) {
      throw new MicrophoneError('This window cannot use a microphone.');
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: deviceId ? { deviceId: { exact: deviceId } } : true,
        video: false,
      });
    } catch (reason) {
      if (deviceId && reason instanceof DOMException && reason.name === 'OverconstrainedError') {
        throw new MicrophoneError(
          'The chosen microphone is not connected. Plug it in, or choose another microphone.',
        );
      }
      throw new MicrophoneError(microphoneMessage(reason));
    }
    const audio = new AudioContext();
    const analyser = audio.createAnalyser();
    analyser.fftSize = 1024;
    audio.createMediaStreamSource(stream).connect(analyser);
    return new MicrophoneSession(stream, audio, analyser);
  }

  /** Calls back with the level (0..1) on every frame until closed. */
  watch(onLevel: (level: number) => void): void {
    const samples = new Float32Array(this.analyser.fftSize);
    const tick = () => {
      this.analyser.getFloatTimeDomainData(samples);
      onLevel(rms(samples));
      this.frame = requestAnimationFrame(tick);
    };
    cancelAnimationFrame(this.frame);
    tick();
  }

  /** Called when the device goes away (unplugged) while the session is open. */
  onLost(listener: () => void): void {
    this.lostListener = listener;
  }

  startRecording(): void {
    const mimeType = MediaRecorder.isTypeSupported(PREFERRED_TYPE) ? PREFERRED_TYPE : '';
    this.recorder = new MediaRecorder(this.stream, mimeType ? { mimeType } : undefined);
    this.recorder.start(250);
  }

  /** Stops the recording and gives it back whole. */
  stopRecording(durationMs: number): Promise<Recording> {
    const recorder = this.recorder;
    if (!recorder) return Promise.reject(new MicrophoneError('Nothing was recorded.'));
    return new Promise((resolve) => {
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      recorder.onstop = () => {
        const mimeType = recorder.mimeType || PREFERRED_TYPE;
        const blob = new Blob(chunks, { type: mimeType });
        resolve({ blob, url: URL.createObjectURL(blob), mimeType, durationMs });
      };
      if (recorder.state === 'inactive') recorder.onstop(new Event('stop'));
      else recorder.stop();
    });
  }

  close(): void {
    this.closed = true;
    cancelAnimationFrame(this.frame);
    if (this.recorder && this.recorder.state !== 'inactive') this.recorder.stop();
    for (const track of this.stream.getTracks()) track.stop();
    if (this.audio.state !== 'closed') void this.audio.close().catch(() => undefined);
  }
}

/** The exam's beep before an answer: a short 880 Hz tone. */
export async function beep(): Promise<void> {
  const context = new AudioContext();
  try {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = 880;
    gain.gain.value = 0.2;
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    oscillator.stop();
  } finally {
    await context.close().catch(() => undefined);
  }
}
