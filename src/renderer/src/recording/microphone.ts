import { ClippingWatch } from './clipping-watch';
import { LevelMeter } from './voice-activity';

const PREFERRED_TYPE = 'audio/webm;codecs=opus';
/** A stereo microphone's two channels; a mono one fills the first. */
const METERED_CHANNELS = 2;
/**
 * The candidate's voice as the microphone gives it. The browser's call processing (noise
 * suppression, echo cancellation, gain control), on by default, reshapes speech for a listener
 * on a call and gates the pauses to digital silence; the scorer must hear what was said.
 */
const RAW_SPEECH: MediaTrackConstraints = {
  echoCancellation: false,
  noiseSuppression: false,
  autoGainControl: false,
};

export interface Recording {
  blob: Blob;
  /** An object URL for listening back; revoked when the recording is replaced. */
  url: string;
  mimeType: string;
  /** The time recorded: from the recorder's start to the moment it was asked to stop. */
  durationMs: number;
}

export class MicrophoneError extends Error {}

/**
 * The app's one recorder, for exam items, mock sittings and free recording alike: the
 * microphone opened (so a refused permission or a missing device is reported first), its
 * level read on every animation frame, and one recording taken from it whole, every chunk
 * kept from the first.
 */
export class Microphone {
  private frame = 0;
  private recorder: MediaRecorder | null = null;
  private chunks: Blob[] = [];
  private startedAt = 0;
  private stoppedAt: number | null = null;
  private stopped: Promise<void> = Promise.resolve();
  private closed = false;
  private lostListener: (() => void) | null = null;

  private constructor(
    private readonly stream: MediaStream,
    private readonly audio: AudioContext,
    private readonly analysers: readonly AnalyserNode[],
  ) {
    for (const track of stream.getAudioTracks()) {
      track.addEventListener('ended', () => {
        if (!this.closed) this.lostListener?.();
      });
    }
  }

  /** Opens the chosen microphone ('' for the system's default). */
  static async open(deviceId = ''): Promise<Microphone> {
    if (!navigator.mediaDevices?.getUserMedia) {
      throw new MicrophoneError('This window cannot use a microphone.');
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { ...RAW_SPEECH, ...(deviceId ? { deviceId: { exact: deviceId } } : {}) },
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
    // Each channel metered apart: averaged, a stereo pair wired out of phase cancels to a flat
    // level, and the microphone check took such a microphone for a dead one. A mono
    // microphone's second channel is silent here.
    const splitter = audio.createChannelSplitter(METERED_CHANNELS);
    audio.createMediaStreamSource(stream).connect(splitter);
    const analysers = Array.from({ length: METERED_CHANNELS }, (_, channel) => {
      const analyser = audio.createAnalyser();
      analyser.fftSize = 1024;
      splitter.connect(analyser, channel);
      return analyser;
    });
    return new Microphone(stream, audio, analysers);
  }

  /**
   * Calls back on every frame until closed with the level (0..1) and whether the input has
   * clipped since this watch began (either channel).
   */
  watch(onLevel: (level: number, clipping: boolean) => void): void {
    const channels = this.analysers.map((analyser) => ({
      analyser,
      samples: new Float32Array(analyser.fftSize),
      meter: new LevelMeter(),
      clipping: new ClippingWatch(),
    }));
    const tick = () => {
      const levels = channels.map(({ analyser, samples, meter, clipping }) => {
        analyser.getFloatTimeDomainData(samples);
        clipping.hear(samples);
        return meter.read(samples);
      });
      onLevel(
        Math.max(...levels),
        channels.some(({ clipping }) => clipping.isClipping()),
      );
      this.frame = requestAnimationFrame(tick);
    };
    cancelAnimationFrame(this.frame);
    tick();
  }

  /** Called when the device goes away (unplugged) while the microphone is open. */
  onLost(listener: () => void): void {
    this.lostListener = listener;
  }

  /** Starts recording; resolves once the recorder runs, which is when the time recorded starts. */
  startRecording(): Promise<void> {
    const mimeType = MediaRecorder.isTypeSupported(PREFERRED_TYPE) ? PREFERRED_TYPE : '';
    const recorder = new MediaRecorder(this.stream, mimeType ? { mimeType } : undefined);
    this.recorder = recorder;
    this.chunks = [];
    this.stoppedAt = null;
    // Every chunk from the first: the file's header is in it.
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) this.chunks.push(event.data);
    };
    this.stopped = new Promise((resolve) => (recorder.onstop = () => resolve()));
    return new Promise((resolve, reject) => {
      recorder.onstart = () => {
        this.startedAt = performance.now();
        resolve();
      };
      recorder.onerror = () => reject(new MicrophoneError('The recorder could not start.'));
      recorder.start(250);
    });
  }

  /** Milliseconds recorded so far (0 before the recorder runs). */
  elapsedMs(): number {
    if (!this.recorder || this.startedAt === 0) return 0;
    return (this.stoppedAt ?? performance.now()) - this.startedAt;
  }

  /**
   * Stops the recording and gives it back whole. Also reached after the device went away,
   * when the recorder has stopped by itself: what was recorded until then is kept.
   */
  async stopRecording(): Promise<Recording> {
    const recorder = this.recorder;
    if (!recorder) throw new MicrophoneError('Nothing was recorded.');
    this.stoppedAt ??= performance.now();
    const durationMs = this.elapsedMs();
    if (recorder.state !== 'inactive') recorder.stop();
    // The last chunk arrives just before the recorder's stop event.
    await this.stopped;
    const mimeType = recorder.mimeType || PREFERRED_TYPE;
    const blob = new Blob(this.chunks, { type: mimeType });
    return { blob, url: URL.createObjectURL(blob), mimeType, durationMs };
  }

  close(): void {
    this.closed = true;
    cancelAnimationFrame(this.frame);
    if (this.recorder && this.recorder.state !== 'inactive') this.recorder.stop();
    for (const track of this.stream.getTracks()) track.stop();
    if (this.audio.state !== 'closed') void this.audio.close().catch(() => undefined);
  }
}

export function microphoneMessage(reason: unknown): string {
  if (reason instanceof MicrophoneError) return reason.message;
  if (reason instanceof DOMException && reason.name === 'NotAllowedError') {
    return 'Examiner may not use the microphone. Allow it and try again.';
  }
  if (reason instanceof DOMException && reason.name === 'NotFoundError') {
    return 'No microphone was found. Connect one and try again.';
  }
  return `The microphone could not be started: ${reason instanceof Error ? reason.message : String(reason)}`;
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
