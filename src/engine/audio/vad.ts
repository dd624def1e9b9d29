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
/** Frames quieter than this (as the detectors hear them) are never speech. */
const SPEECH_FLOOR_DBFS = -55;
/**
 * Both detectors hear a quiet recording (a microphone turned down) lifted until its loudest frame
 * is this loud, the median corpus reading's: Silero's probability falls with the level, and at a
 * fixed floor 10 of 60 corpus-test readings made 30 dB quieter, and 54 of 60 made 40 dB quieter,
 * were refused as silent, though the recogniser scores them as it does at full level. Louder
 * recordings are heard as they are.
 */
const DETECTOR_LEVEL_DBFS = -16;
const MAX_DETECTOR_GAIN_DB = 40;
/** Under this, however quiet the recording, a frame is a microphone's own noise. */
const NOISE_FLOOR_DBFS = -80;

/** A recording as the voice-activity detectors hear it. */
export interface DetectorInput {
  samples: Float32Array;
  /** Frames under this level as recorded (dBFS) are never speech. */
  floorDbfs: number;
}

export function forDetectors(samples: Float32Array, levels: readonly number[]): DetectorInput {
  let loudest = DBFS_FLOOR;
  for (const level of levels) loudest = Math.max(loudest, level);
  const gainDb = Math.min(MAX_DETECTOR_GAIN_DB, Math.max(0, DETECTOR_LEVEL_DBFS - loudest));
  const gain = 10 ** (gainDb / 20);
  return {
    samples:
      gainDb === 0 ? samples : samples.map((sample) => Math.max(-1, Math.min(1, sample * gain))),
    floorDbfs: Math.max(NOISE_FLOOR_DBFS, SPEECH_FLOOR_DBFS - gainDb),
  };
}

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
  const heard = forDetectors(samples, levels);
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
    endpointer.process(heard.samples.subarray(start, start + frameLength));
    return endpointer.get_in_speech() && level > heard.floorDbfs;
  });
}
