/**
 * How far each reading moves the meter's estimate of the microphone's DC offset towards its own
 * mean: about half a second to learn it at 60 readings a second. Slow, so that a rumbling room
 * keeps its level: each reading's own mean taken out instead made brown noise at -38 dBFS swing
 * over its floor, and the silence stop heard speech in 991 of its 18,000 readings, against 28
 * with the offset counted and 18 this way (bench/silence-stop.ts).
 */
const OFFSET_LEARNING = 1 / 30;

/**
 * The meter (0..1) of the latest samples, reading after reading: their RMS about the
 * microphone's DC offset, scaled so that normal speech (peaks near 0.3 RMS) fills most of the
 * meter. Some microphones and sound cards add a constant to every sample, and with the browser's
 * call processing off nothing takes it out: counted, it set the room's floor at the offset, so
 * speech barely stood over it and exam mode never heard the answer end, and a dead microphone
 * giving only the constant was not flat. Here rather than in microphone.ts, a DOM module, so that
 * bench/silence-stop.ts reads sound exactly as the meter does.
 */
export class LevelMeter {
  private offset: number | null = null;

  read(samples: Float32Array): number {
    let sum = 0;
    for (const sample of samples) sum += sample;
    const mean = sum / samples.length;
    const offset =
      this.offset === null ? mean : this.offset + (mean - this.offset) * OFFSET_LEARNING;
    this.offset = offset;
    let squares = 0;
    for (const sample of samples) squares += (sample - offset) ** 2;
    return Math.min(1, Math.sqrt(squares / samples.length) * 3);
  }
}

/** Below this meter level the input counts as flat: a muted or dead microphone. */
export const FLAT_LEVEL = 0.004;

/*
 * Margins over the tracked floor, in dB of the meter level, from the meter read (1024-sample
 * frames at 48 kHz, about 60 a second) on espeak-ng speech over sox noise (bench/silence-stop.ts;
 * docs/app-data.md, "The silence stop"). Pink noise alone stayed within 9.5 dB of the floor
 * over 5 minutes (99 % of frames within 5.9 dB): its short frames swing that much. Speech
 * stood a median 24.5 dB over a -70 dBFS floor at -42 dBFS, and 13.8 dB (90th percentile
 * 22.5 dB) at -21 dBFS over a -38 dBFS floor. Speech starts 12 dB up, clear of the noise's
 * swing; it ends below 6 dB, where nearly all noise frames are, so its end is found on the
 * first quiet frame.
 */
export const SPEECH_MARGIN_DB = 12;
const SILENCE_MARGIN_DB = 6;
/*
 * The floor falls fast enough to be learnt from the gaps between words (a 150 ms gap brings
 * it down 15 dB) but one dropped frame cannot drag it far down; it rises slowly, so unbroken
 * speech takes seconds to lift it, while a room that got louder is learnt within a few seconds.
 */
const FLOOR_FALL_DB_PER_S = 100;
const FLOOR_RISE_DB_PER_S = 2;
/** A longer gap between meter readings (a hidden window, a busy frame) counts as this long. */
const LONGEST_FRAME_MS = 100;
/** Digital silence, in dB: far below any microphone's own noise (16 bits reach -96 dB). */
const QUIETEST_DB = -120;

/**
 * Speech or silence, from successive meter levels and the times they were read, judged
 * against the room's own noise floor rather than fixed bars: with the browser's gain control
 * off, a quiet microphone's speech can sit below a fixed speech bar and a noisy room's floor
 * above a fixed silence bar. A level is speech once clearly above the floor (and above the
 * flat level), and stays speech until back near the floor.
 */
export class VoiceActivity {
  private floorDb: number | null = null;
  private lastMs: number | null = null;
  private speaking = false;
  private speechTotalMs = 0;
  private quietSinceMs = 0;

  /** Takes the meter level read at `atMs` (milliseconds, as from performance.now()). */
  hear(level: number, atMs: number): void {
    const frameMs = this.frameMs(atMs);
    const levelDb = decibels(level);
    // Digital silence at the start (a device still opening) says nothing of the room: the floor
    // starts at the first sound, even if that is speech, and falls in the gaps between words.
    if (this.floorDb === null && levelDb <= QUIETEST_DB) return;
    this.speaking = this.judge(level, this.overFloorDb(level));
    if (this.speaking) {
      this.speechTotalMs += frameMs;
      this.quietSinceMs = atMs;
    }
    this.floorDb = nextFloor(this.floorDb ?? levelDb, levelDb, frameMs);
  }

  /** How far `level` stands over the tracked floor, in dB: what the margins are held against. */
  overFloorDb(level: number): number {
    const levelDb = decibels(level);
    return levelDb - (this.floorDb ?? levelDb);
  }

  /** Whether the last level heard was speech. */
  isSpeaking(): boolean {
    return this.speaking;
  }

  /** The time judged speech so far, in milliseconds. */
  speechMs(): number {
    return this.speechTotalMs;
  }

  /** How long the input has been silent at `atMs`: since the last speech, or the first level. */
  silentMs(atMs: number): number {
    return this.speaking || this.lastMs === null ? 0 : atMs - this.quietSinceMs;
  }

  /** The time since the last reading, which this reading stands for. */
  private frameMs(atMs: number): number {
    const lastMs = this.lastMs;
    this.lastMs = atMs;
    if (lastMs === null) {
      this.quietSinceMs = atMs;
      return 0;
    }
    return Math.min(Math.max(0, atMs - lastMs), LONGEST_FRAME_MS);
  }

  private judge(level: number, overFloorDb: number): boolean {
    if (level <= FLAT_LEVEL) return false;
    return overFloorDb > (this.speaking ? SILENCE_MARGIN_DB : SPEECH_MARGIN_DB);
  }
}

function nextFloor(floorDb: number, levelDb: number, frameMs: number): number {
  const seconds = frameMs / 1000;
  if (levelDb < floorDb) return Math.max(levelDb, floorDb - FLOOR_FALL_DB_PER_S * seconds);
  return Math.min(levelDb, floorDb + FLOOR_RISE_DB_PER_S * seconds);
}

function decibels(level: number): number {
  return level > 0 ? Math.max(QUIETEST_DB, 20 * Math.log10(level)) : QUIETEST_DB;
}
