import createModule, { type SoundSwallowerModule } from 'soundswallower';

/** Levels are in dB relative to full scale; digital silence reads as this floor, not -Infinity. */
export const DBFS_FLOOR = -100;
/** The voice-activity detector's frame (WebRTC's VAD takes 10, 20 or 30 ms). */
export const VAD_FRAME_SECONDS = 0.03;
/**
 * WebRTC's VAD (in soundswallower's Endpointer) in its "aggressive" mode: steady noise and hum
 * are not speech, speech under white noise at 5 dB SNR still is. It cuts long answers into
 * phrases at their pauses (phrases.ts); it calls buzz, noise and music speech too, so whether
 * the answer holds speech at all is Silero's call (silero.ts, quality.ts).
 */
const VAD_MODE = 2;
/**
 * Speech starts once half the frames of the last 0.1 s are voiced. The Endpointer's own default
 * (90% of 0.3 s) missed answers of one or two short words: on speechocean762 sentences cut
 * after their first half it refused 20 of 214 as silent, against 2 with these.
 */
const VAD_WINDOW_SECONDS = 0.1;
const VAD_SPEECH_RATIO = 0.5;
/** Frames quieter than this are never speech, however the detector reads them. */
export const SPEECH_FLOOR_DBFS = -55;

export function toDbfs(amplitude: number): number {
  return amplitude > 0 ? Math.max(DBFS_FLOOR, 20 * Math.log10(amplitude)) : DBFS_FLOOR;
}

/** Level of each VAD frame, in dBFS. */
export function frameLevels(samples: Float32Array): number[] {
  const frameLength = Math.round(VAD_FRAME_SECONDS * 16000);
  const levels: number[] = [];
  for (let start = 0; start + frameLength <= samples.length; start += frameLength) {
    let energy = 0;
    for (let i = start; i < start + frameLength; i++) energy += samples[i]! * samples[i]!;
    levels.push(toDbfs(Math.sqrt(energy / frameLength)));
  }
  return levels;
}

let detector: Promise<SoundSwallowerModule> | undefined;

/** The WebAssembly module that holds the VAD, loaded once per process (no model files). */
function vadModule(): Promise<SoundSwallowerModule> {
  const quiet = (): void => undefined;
  detector ??= createModule({ print: quiet, printErr: quiet } as Partial<SoundSwallowerModule>);
  return detector;
}

/** Per 30 ms frame of 16 kHz audio: is there speech, by the VAD smoothed over 0.1 s and level. */
export async function speechFrames(
  samples: Float32Array,
  levels: readonly number[] = frameLevels(samples),
): Promise<boolean[]> {
  const module = await vadModule();
  const frameLength = Math.round(VAD_FRAME_SECONDS * 16000);
  const endpointer = new module.Endpointer({
    samprate: 16000,
    frame_length: VAD_FRAME_SECONDS,
    mode: VAD_MODE,
    window: VAD_WINDOW_SECONDS,
    ratio: VAD_SPEECH_RATIO,
  });
  return levels.map((level, index) => {
    const start = index * frameLength;
    endpointer.process(samples.subarray(start, start + frameLength));
    return endpointer.get_in_speech() && level > SPEECH_FLOOR_DBFS;
  });
}
