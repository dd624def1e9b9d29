import type { ExamTiming, Item } from '../../../../shared/app-api';
import { beep, Microphone, MicrophoneError, type Recording } from '../../recording/microphone';
import { FLAT_LEVEL, VoiceActivity } from '../../recording/voice-activity';
import { checkRecording } from '../../recording/recording-check';
import { RECORDING_NOT_WHOLE } from '../../../../shared/recorded-length';
import { BridgeError } from '../../bridge/bridge-error';

export type Phase =
  | 'opening'
  | 'checking'
  | 'lead-in'
  | 'prompt'
  | 'prep'
  | 'recording'
  | 'typing'
  | 'checking-answer'
  | 'saving'
  | 'save-failed'
  | 'done'
  | 'failed';

export type StopReason = 'silence' | 'time' | 'finished' | 'lost';

export interface RunView {
  phase: Phase;
  /** Seconds left in the current countdown (lead-in, preparation, answer). */
  secondsLeft: number;
  level: number;
  /** Whether the microphone clipped during the answer: it is set too loud. */
  clipping: boolean;
  error: string | null;
  stopReason: StopReason | null;
  /** Whether the prompt is waiting for a click to play (the window blocked autoplay). */
  promptBlocked: boolean;
  /** The length of the answer recorded, once its recording is checked. */
  recordedMs: number | null;
}

export type Answer = { kind: 'speech'; recording: Recording } | { kind: 'typed'; text: string };

export interface RunHooks {
  view: (patch: Partial<RunView>) => void;
  /** The prompt's <audio> element, once rendered; null when the item has none. */
  promptAudio: () => HTMLAudioElement | null;
  submit: (answer: Answer) => Promise<void>;
}

class Cancelled extends Error {}

/** The answer's recording is not whole: the item must run again. */
class RecordingError extends Error {}

/** Speech needs this much sound before silence can end the answer (a cough is not an answer). */
const SPEECH_BEFORE_STOP_MS = 300;

/**
 * One exam item, step by step as the exam runs it: the microphone opened and checked,
 * the "beginning in" countdown, the prompt played once, preparation, a beep, then the
 * answer, which ends at the time limit, after the set silence once speech has begun, or
 * when the candidate finishes. The answer is handed to `submit` the moment it ends.
 */
export class ExamRun {
  private cancelled = false;
  private mic: Microphone | null = null;
  private finishNow: (() => void) | null = null;
  private typed = '';
  private saveAgain: (() => void) | null = null;
  /** Set when the microphone goes away mid-item. */
  private lost = false;

  constructor(
    private readonly item: Item,
    private readonly timing: ExamTiming,
    private readonly microphoneId: string,
    private readonly hooks: RunHooks,
  ) {}

  async run(): Promise<void> {
    try {
      const speaking = this.item.task !== 'wfd';
      if (speaking) await this.openMicrophone();
      const times = this.timing[this.item.task];
      await this.countdown('lead-in', times.leadInSeconds);
      if (this.item.promptAudioPath) await this.playPrompt();
      if (times.prepSeconds > 0) await this.countdown('prep', times.prepSeconds);
      const answer = speaking
        ? await this.record(times.responseSeconds)
        : await this.type(times.responseSeconds);
      this.mic?.close();
      await this.save(answer);
      this.hooks.view({ phase: 'done', error: null });
    } catch (error) {
      if (error instanceof Cancelled) return;
      this.hooks.view({
        phase: 'failed',
        error: error instanceof Error ? error.message : String(error),
      });
    } finally {
      this.mic?.close();
    }
  }

  /** Saving failed (a full disk, say): the answer is kept in memory until saved again. */
  private async save(answer: Answer): Promise<void> {
    for (;;) {
      this.hooks.view({ phase: 'saving', level: 0 });
      try {
        return await this.hooks.submit(answer);
      } catch (error) {
        // Saving again cannot mend a recording that is not whole: the item runs again.
        if (error instanceof BridgeError && error.detail === RECORDING_NOT_WHOLE) throw error;
        this.hooks.view({
          phase: 'save-failed',
          error: error instanceof Error ? error.message : String(error),
        });
        await new Promise<void>((resolve) => (this.saveAgain = resolve));
        this.check();
      }
    }
  }

  /** The examiner asks to save the kept answer again. */
  retrySave(): void {
    this.saveAgain?.();
  }

  cancel(): void {
    this.cancelled = true;
    this.mic?.close();
    this.finishNow?.();
    this.saveAgain?.();
  }

  /** The candidate is done: ends the answer now. */
  finish(): void {
    this.finishNow?.();
  }

  setTyped(text: string): void {
    this.typed = text;
  }

  private check(): void {
    if (this.cancelled) throw new Cancelled();
  }

  private async openMicrophone(): Promise<void> {
    this.hooks.view({ phase: 'opening' });
    this.mic = await Microphone.open(this.microphoneId);
    this.check();
    this.mic.onLost(() => {
      this.lost = true;
      this.finishNow?.();
    });
    this.hooks.view({ phase: 'checking' });
    await this.checkNotFlat();
  }

  /** Waits for any sound at all; a meter flat for the whole check means a muted or dead input. */
  private checkNotFlat(): Promise<void> {
    const limitMs = this.timing.silentInputSeconds * 1000;
    const started = performance.now();
    return new Promise((resolve, reject) => {
      this.mic!.watch((level) => {
        this.hooks.view({ level });
        if (this.cancelled) return reject(new Cancelled());
        if (this.lost) return reject(new MicrophoneError(LOST_MESSAGE));
        if (level > FLAT_LEVEL) return resolve();
        if (performance.now() - started >= limitMs) {
          reject(
            new MicrophoneError(
              `No sound reaches the microphone: its level stayed flat for ${this.timing.silentInputSeconds} s. ` +
                'Check that it is switched on and not muted, or choose another microphone, then start again.',
            ),
          );
        }
      });
    });
  }

  private async countdown(phase: Phase, seconds: number): Promise<void> {
    if (seconds <= 0) return;
    const end = performance.now() + seconds * 1000;
    this.hooks.view({ phase, secondsLeft: Math.ceil(seconds) });
    while (performance.now() < end) {
      await sleep(Math.min(200, end - performance.now()));
      this.check();
      if (this.lost) throw new MicrophoneError(LOST_MESSAGE);
      this.hooks.view({ secondsLeft: Math.ceil((end - performance.now()) / 1000) });
    }
  }

  private async playPrompt(): Promise<void> {
    this.hooks.view({ phase: 'prompt', secondsLeft: 0 });
    // The element mounts with this phase; give React one frame to render it.
    await sleep(50);
    const audio = this.hooks.promptAudio();
    if (!audio) throw new Error('The prompt audio could not be loaded.');
    const ended = new Promise<void>((resolve, reject) => {
      audio.addEventListener('ended', () => resolve(), { once: true });
      audio.addEventListener(
        'error',
        () => reject(new Error('The prompt audio could not be played: the file is damaged.')),
        { once: true },
      );
    });
    audio.play().catch(() => this.hooks.view({ promptBlocked: true }));
    await ended;
    this.check();
    this.hooks.view({ promptBlocked: false });
  }

  private async record(responseSeconds: number): Promise<Answer> {
    const mic = this.mic!;
    this.hooks.view({ phase: 'recording', secondsLeft: responseSeconds });
    await beep().catch(() => undefined);
    this.check();
    await mic.startRecording();
    const started = performance.now();
    const limitMs = responseSeconds * 1000;
    const silenceMs = this.timing.silenceStopSeconds * 1000;
    const voice = new VoiceActivity();
    const reason = await new Promise<StopReason>((resolve) => {
      this.finishNow = () => resolve(this.lost ? 'lost' : 'finished');
      mic.watch((level, clipping) => {
        const now = performance.now();
        voice.hear(level, now);
        this.hooks.view({
          level,
          clipping,
          secondsLeft: Math.ceil((limitMs - (now - started)) / 1000),
        });
        if (now - started >= limitMs) resolve('time');
        else if (voice.speechMs() >= SPEECH_BEFORE_STOP_MS && voice.silentMs(now) >= silenceMs) {
          resolve('silence');
        }
      });
    });
    this.finishNow = null;
    this.check();
    const recording = await mic.stopRecording();
    this.hooks.view({ phase: 'checking-answer', stopReason: reason, level: 0 });
    // Proof before "saved", while the candidate is still there to answer again.
    const problem = await checkRecording(recording);
    this.check();
    if (problem) throw new RecordingError(`${problem} Start the item again.`);
    this.hooks.view({ recordedMs: recording.durationMs });
    return { kind: 'speech', recording };
  }

  private async type(responseSeconds: number): Promise<Answer> {
    this.hooks.view({ phase: 'typing', secondsLeft: responseSeconds });
    const end = performance.now() + responseSeconds * 1000;
    let finished = false;
    this.finishNow = () => (finished = true);
    while (!finished && performance.now() < end) {
      await sleep(200);
      this.check();
      this.hooks.view({ secondsLeft: Math.ceil((end - performance.now()) / 1000) });
    }
    this.finishNow = null;
    this.hooks.view({ stopReason: finished ? 'finished' : 'time' });
    return { kind: 'typed', text: this.typed };
  }
}

const LOST_MESSAGE =
  'The microphone was disconnected. Reconnect it (or choose another under Exam timing and microphone), then start the item again.';

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
